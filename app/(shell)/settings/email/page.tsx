import { MailLogScreen } from "@/components/reach/mail-log-screen";

// /settings/email: whether the server sends email, a test message, and the outbox's log (administrators).
export default function EmailSettingsPage() {
  return <MailLogScreen />;
}
