"use client";

import { Suspense } from "react";
import { DashboardScreen } from "@/components/dashboard/dashboard-screen";

// /dashboard: participation, students to follow up, teacher load and unmet requests (staff and sysadmins).
export default function DashboardPage() {
  return (
    <Suspense>
      <DashboardScreen />
    </Suspense>
  );
}
