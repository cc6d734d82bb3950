import { AuditLogScreen } from "@/components/audit/audit-log";

// /audit: the audit log (administrators and sysadmins).
export default function AuditPage() {
  return <AuditLogScreen />;
}
