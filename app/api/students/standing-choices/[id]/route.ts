import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { deletedStandingChoiceAnswer } from "@/lib/standing/answers";
import { standingChoiceParams } from "@/lib/standing/schemas";
import { deleteStandingChoice } from "@/lib/standing/service.server";

// DELETE /api/students/standing-choices/{id}: the student removes their own standing choice and its pending plans
export const DELETE = route(
  {
    roles: ROLES.students,
    params: standingChoiceParams,
    response: deletedStandingChoiceAnswer,
    description:
      "403 for another student's. Answer: `{id, plans_removed}` (its plans on pending Focus Blocks, still as it made them).",
  },
  ({ db, user, params, now }) => deleteStandingChoice(db, user, params.id, now),
);
