"use client";

import { RecurringRequestsScreen } from "@/components/choice/recurring-requests-screen";

// /calendar/recurring-requests: a teacher's recurring requests (an administrator's: everyone's), edited or cancelled as one.
export default function RecurringRequestsPage() {
  return <RecurringRequestsScreen />;
}
