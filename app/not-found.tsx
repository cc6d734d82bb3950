import { AuthGate } from "@/components/auth/auth-gate";
import { SHELL_ROLES } from "@/components/auth/types";
import { AppShell } from "@/components/shell/app-shell";
import { NoMatch } from "@/components/shell/no-match";

// A path no screen serves (Next.js answers it 404 from its routing, before anything renders: no catch-all page,
// whose notFound() would come after the answer had begun, under the shell's sign-in in the browser), or
// notFound() from a page (an id that is not a number): the spec's fallback inside the shell, "No match for"
// the path and Back to Dashboard. Signed out: the login screen, remembering the path; a student: their page.
export default function NotFound() {
  return (
    <AuthGate roles={SHELL_ROLES} elsewhere="/profile">
      <AppShell>
        <NoMatch />
      </AppShell>
    </AuthGate>
  );
}
