"use client";

import { Suspense } from "react";
import { CheckInScreen } from "@/components/checkin/check-in-screen";
import { KioskAlerts } from "@/components/shell/kiosk-alerts";

// /check-in: the day's Focus Block check-in (the date lives in ?date=, #errors opens the errors dialog).
export default function CheckInPage() {
  return (
    <Suspense>
      <CheckInScreen alerts={<KioskAlerts />} />
    </Suspense>
  );
}
