import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { clusterListItemAnswer, clusterPageAnswer } from "@/lib/clusters/answers";
import { ROLES } from "@/lib/auth/roles";
import { clusterBody } from "@/lib/clusters/schemas";
import { clusterList, createCluster } from "@/lib/clusters/service.server";

// GET /api/clusters: every cluster with its member count (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, response: z.array(clusterListItemAnswer) }, ({ db }) => clusterList(db));

// POST /api/clusters: create a cluster, optionally with members (administrators)
export const POST = route({ roles: ROLES.admins, body: clusterBody, status: 201, response: clusterPageAnswer }, ({ db, user, body }) =>
  createCluster(db, user, body),
);
