"use client";

import { Suspense } from "react";
import { UnscheduledScreen } from "@/components/placement/unscheduled-screen";

// /unscheduled?date=: students without a teacher for a Focus Block date (reached from the check-in screen).
export default function UnscheduledPage() {
  return (
    <Suspense>
      <UnscheduledScreen />
    </Suspense>
  );
}
