import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";
import { selfCheckInDayAnswer, selfCheckInResultAnswer } from "@/lib/checkin/answers";

/** The kiosk administration answers as zod schemas; the service's and the screen's types are inferred from them. */

/** A kiosk as the administration screen lists it: its teacher and last use, never its token. */
export const kioskAnswer = z.object({
  id: z.number(),
  label: z.string(),
  staff: personRefAnswer,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type KioskView = z.infer<typeof kioskAnswer>;

/** GET /api/kiosks. */
export const kioskListAnswer = z.object({ kiosks: z.array(kioskAnswer) });

/** POST /api/kiosks: the new kiosk with its device token and setup link, shown once. */
export const createdKioskAnswer = z.object({ kiosk: kioskAnswer, token: z.string(), setup_path: z.string() });
export type CreatedKiosk = z.infer<typeof createdKioskAnswer>;

/** DELETE /api/kiosks/{id}: the revoked kiosk. */
export const revokedKioskAnswer = z.object({ kiosk: kioskAnswer });

/** GET /api/kiosk: the kiosk device's own name, its teacher and today's self check-in window (null without one). */
export const kioskInfoAnswer = z.object({
  kiosk: z.object({ id: z.number(), label: z.string() }),
  teacher: z.object({ name: z.string() }),
  today: selfCheckInDayAnswer.nullable(),
});
export type KioskInfo = z.infer<typeof kioskInfoAnswer>;

/**
 * POST /api/kiosk/check-in: the self check-in, the student named ("Jane S.") only when they were
 * expected with this teacher (null name, initials and colour otherwise).
 */
export const kioskCheckInAnswer = selfCheckInResultAnswer.extend({
  student: z.object({ name: z.string().nullable(), initials: z.string().nullable(), color: z.string().nullable() }),
  teacher: z.object({ name: z.string() }),
});
export type KioskCheckInAnswer = z.infer<typeof kioskCheckInAnswer>;
