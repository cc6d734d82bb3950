import { route } from "@/lib/http/route.server";
import { planAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { waitlistAcceptBody } from "@/lib/choice/schemas";
import { acceptWaitlistOffer } from "@/lib/schedule/waitlist.server";

// POST /api/students/waitlist/accept: in offer mode, the student takes the seat held for them from the waitlist
export const POST = route({ roles: ROLES.students, body: waitlistAcceptBody, response: planAnswer }, ({ db, user, body, now }) =>
  acceptWaitlistOffer(db, user, body, now),
);
