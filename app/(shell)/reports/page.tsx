import { ReportsScreen } from "@/components/reports/reports-screen";

// /reports: attendance reports and the SIS export (staff and sysadmins).
export default function ReportsPage() {
  return <ReportsScreen />;
}
