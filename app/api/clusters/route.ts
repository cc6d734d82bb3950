import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { clusterBody } from "@/lib/clusters/schemas";
import { clusterList, createCluster } from "@/lib/clusters/service.server";

// GET /api/clusters: every cluster with its member count (staff and sysadmins)
export const GET = route({ roles: ROLES.shell }, ({ db }) => clusterList(db));

// POST /api/clusters: create a cluster, optionally with members (administrators)
export const POST = route({ roles: ROLES.admins, body: clusterBody, status: 201 }, ({ db, user, body }) =>
  createCluster(db, user, body),
);
