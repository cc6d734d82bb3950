import { route } from "@/lib/http/route.server";
import { clusterPageAnswer } from "@/lib/clusters/answers";
import { ROLES } from "@/lib/auth/roles";
import { clusterMemberParams } from "@/lib/clusters/schemas";
import { removeClusterMember } from "@/lib/clusters/service.server";

// DELETE /api/clusters/{id}/members/{student_id}: take a student out of a cluster (administrators)
export const DELETE = route({ roles: ROLES.admins, params: clusterMemberParams, response: clusterPageAnswer }, ({ db, user, params }) =>
  removeClusterMember(db, user, params.id, params.student_id),
);
