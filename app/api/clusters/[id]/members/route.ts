import { route } from "@/lib/http/route.server";
import { clusterPageAnswer } from "@/lib/clusters/answers";
import { ROLES } from "@/lib/auth/roles";
import { clusterMembersBody, clusterParams } from "@/lib/clusters/schemas";
import { addClusterMembers } from "@/lib/clusters/service.server";

// POST /api/clusters/{id}/members: add students to a cluster (administrators), by student_ids or by
// student_numbers (pasted or from a CSV; an unknown number or an archived student is 422 and adds nothing)
export const POST = route(
  { roles: ROLES.admins, params: clusterParams, body: clusterMembersBody, response: clusterPageAnswer },
  ({ db, user, params, body }) => addClusterMembers(db, user, params.id, body),
);
