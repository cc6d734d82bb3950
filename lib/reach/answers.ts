import { z } from "zod";

/** GET /api/push/key: the server's VAPID public key, for a browser's push subscription. */
export const pushKeyAnswer = z.object({ public_key: z.string() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswer>;
