import type { clusterMemberRows, findCluster } from "@/db/queries/clusters";
import { presentMember } from "@/lib/courses/present";
import { staffName } from "@/lib/people/names";

type ClusterRow = NonNullable<Awaited<ReturnType<typeof findCluster>>>;
type MemberRow = Awaited<ReturnType<typeof clusterMemberRows>>[number];

/** GET /api/clusters/{id}: the spec's cluster {id, name} with its members, owner and the viewer's star. */
export function presentCluster(cluster: ClusterRow, members: MemberRow[]) {
  return {
    id: cluster.id,
    name: cluster.name,
    hidden: cluster.hidden,
    owner: cluster.owner ? { id: cluster.owner.id, name: staffName(cluster.owner) } : null,
    member_count: members.length,
    members: members.map(presentMember),
    starred: Boolean(cluster.starred),
  };
}
export type ClusterPage = ReturnType<typeof presentCluster>;

export interface ClusterListItem {
  id: number;
  name: string;
  hidden: boolean;
  member_count: number;
}
