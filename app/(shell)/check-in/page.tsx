"use client";

import { Suspense } from "react";
import { CheckInScreen } from "@/components/checkin/check-in-screen";

// /check-in: the day's Focus Block check-in (the date lives in ?date=, #errors opens the errors dialog).
export default function CheckInPage() {
  return (
    <Suspense>
      <CheckInScreen />
    </Suspense>
  );
}
