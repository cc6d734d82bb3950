import { route } from "@/lib/http/route.server";
import { messageAnswer } from "@/lib/api/answer-schemas";
import { passwordResetBody } from "@/lib/auth/schemas";
import { requestPasswordReset } from "@/lib/reach/password-reset.server";

// POST /api/password-reset {username}: email a forgotten-password link (no sign-in). Always the same 202,
// whether or not the account exists, may reset or was throttled (lib/reach/password-reset.server.ts)
export const POST = route(
  {
    roles: "public",
    body: passwordResetBody,
    status: 202,
    response: messageAnswer,
    summary: "Ask for a forgotten-password link by email",
    description:
      "Answers 202 with the same sentence whatever happened: a link is emailed only when the account exists, is enabled, has an email and may reset by the setting password-reset-by-email (staff by default, students when it is everyone). Throttled per account and per address.",
  },
  ({ db, body, address, now }) => requestPasswordReset(db, body, { address }, now),
);
