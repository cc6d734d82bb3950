import { route } from "@/lib/http/route.server";
import { clusterPageAnswer, deletedClusterAnswer } from "@/lib/clusters/answers";
import { ROLES } from "@/lib/auth/roles";
import { clusterParams, clusterRenameBody } from "@/lib/clusters/schemas";
import { clusterPage, deleteClusterById, renameClusterById } from "@/lib/clusters/service.server";

// GET /api/clusters/{id}: a cluster with its members and the viewer's star (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, params: clusterParams, response: clusterPageAnswer }, ({ db, user, params }) =>
  clusterPage(db, user, params.id),
);

// PUT /api/clusters/{id}: rename a cluster (administrators)
export const PUT = route(
  { roles: ROLES.admins, params: clusterParams, body: clusterRenameBody, response: clusterPageAnswer },
  ({ db, user, params, body }) => renameClusterById(db, user, params.id, body),
);

// DELETE /api/clusters/{id}: delete a cluster; its students stay (administrators)
export const DELETE = route({ roles: ROLES.admins, params: clusterParams, response: deletedClusterAnswer }, ({ db, user, params }) =>
  deleteClusterById(db, user, params.id),
);
