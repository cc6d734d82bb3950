import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";
import { studentPersonAnswer } from "@/lib/people/answers";

/** The cluster answers as zod schemas; the presenter's and the screens' types are inferred from them. */

/** One of GET /api/clusters. */
export const clusterListItemAnswer = z.object({
  id: z.number(),
  name: z.string(),
  hidden: z.boolean(),
  member_count: z.number(),
});
export type ClusterListItem = z.infer<typeof clusterListItemAnswer>;

/** GET /api/clusters/{id}: the spec's cluster {id, name} with its members, owner and the viewer's star. */
export const clusterPageAnswer = z.object({
  id: z.number(),
  name: z.string(),
  hidden: z.boolean(),
  owner: personRefAnswer.nullable(),
  member_count: z.number(),
  members: z.array(studentPersonAnswer),
  starred: z.boolean(),
});
export type ClusterPage = z.infer<typeof clusterPageAnswer>;

/** DELETE /api/clusters/{id}. */
export const deletedClusterAnswer = z.object({ id: z.number(), deleted: z.literal(true) });
