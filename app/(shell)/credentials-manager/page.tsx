import { CredentialsManagerScreen } from "@/components/credentials/credentials-manager";

// /credentials-manager: reset, invalidate, disable and reenable accounts (administrators and sysadmins).
export default function CredentialsManagerPage() {
  return <CredentialsManagerScreen />;
}
