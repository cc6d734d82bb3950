import { route } from "@/lib/http/route.server";
import { passwordResetAnswer } from "@/lib/auth/answers";
import { completePasswordResetBody } from "@/lib/auth/schemas";
import { completePasswordReset } from "@/lib/reach/password-reset.server";

// POST /api/password-reset/complete {token, new_password}: set a new password with an emailed link (no sign-in);
// the link works once, for 30 minutes, and every session of the account ends
export const POST = route(
  {
    roles: "public",
    body: completePasswordResetBody,
    response: passwordResetAnswer,
    summary: "Set a new password with a forgotten-password link",
    description:
      "422 reset_link_invalid (forged, expired, used or replaced link) or invalid (the new password's rules: those of Change Password), nothing changed; 423 for a disabled account. On success every session of the account ends.",
  },
  ({ db, body, now }) => completePasswordReset(db, body, now),
);
