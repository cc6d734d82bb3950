import { ApiTokensScreen } from "@/components/api-tokens/api-tokens-screen";

// /api-tokens: integrations' API tokens (administrators and sysadmins), linked from /settings.
export default function ApiTokensPage() {
  return <ApiTokensScreen />;
}
