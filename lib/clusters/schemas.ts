import { z } from "zod";
import { idOf, text } from "@/lib/api/schemas";

/** Request schemas for clusters (shared by the routes and the forms). */

export const MAX_CLUSTER_NAME = 80;
/** More than any school's roll; keeps one request's insert bounded. */
export const MAX_CLUSTER_BATCH = 5000;

export const clusterParams = z.object({ id: idOf("cluster") });
export const clusterMemberParams = z.object({ id: idOf("cluster"), student_id: idOf("student") });

const clusterName = text({ label: "The name", max: MAX_CLUSTER_NAME, min: 1 });

const studentIds = z
  .array(idOf("student"), { error: "Choose students by their ids." })
  .max(MAX_CLUSTER_BATCH, { error: `Add at most ${MAX_CLUSTER_BATCH} students at once.` });

export const clusterBody = z.object({ name: clusterName, student_ids: studentIds.default([]) });
export type ClusterBody = z.infer<typeof clusterBody>;

export const clusterRenameBody = z.object({ name: clusterName });
export type ClusterRenameBody = z.infer<typeof clusterRenameBody>;

const studentNumbers = z
  .array(
    z.string({ error: "Student numbers are text." }).trim().min(1, { error: "A student number is empty." }),
    {
      error: "Give the student numbers as a list.",
    },
  )
  .min(1, { error: "Give at least one student number." })
  .max(MAX_CLUSTER_BATCH, { error: `Add at most ${MAX_CLUSTER_BATCH} students at once.` });

/** Students by their ids (the picker) or by their student numbers (pasted or from a CSV); one of the two. */
export const clusterMembersBody = z
  .object({
    student_ids: studentIds.min(1, { error: "Choose at least one student." }).optional(),
    student_numbers: studentNumbers.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.student_ids === undefined && body.student_numbers === undefined) {
      ctx.addIssue({ code: "custom", path: ["student_ids"], message: "Choose students by their ids." });
    } else if (body.student_ids !== undefined && body.student_numbers !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["student_numbers"],
        message: "Give student ids or student numbers, not both.",
      });
    }
  });
export type ClusterMembersBody = z.infer<typeof clusterMembersBody>;
