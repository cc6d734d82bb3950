import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { clusterMembersBody, clusterParams } from "@/lib/clusters/schemas";
import { addClusterMembers } from "@/lib/clusters/service";

// POST /api/clusters/{id}/members: add students to a cluster (administrators)
export const POST = route(
  { roles: ROLES.admins, params: clusterParams, body: clusterMembersBody },
  ({ db, user, params, body }) => addClusterMembers(db, user, params.id, body),
);
