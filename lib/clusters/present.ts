import type { clusterMemberRows, findCluster } from "@/db/queries/clusters";
import { presentStaffRef, presentStudentPerson } from "@/lib/people/present-person";

type ClusterRow = NonNullable<Awaited<ReturnType<typeof findCluster>>>;
type MemberRow = Awaited<ReturnType<typeof clusterMemberRows>>[number];

/** GET /api/clusters/{id}: the spec's cluster {id, name} with its members, owner and the viewer's star. */
export function presentCluster(cluster: ClusterRow, members: MemberRow[]) {
  return {
    id: cluster.id,
    name: cluster.name,
    hidden: cluster.hidden,
    owner: cluster.owner ? presentStaffRef(cluster.owner) : null,
    member_count: members.length,
    members: members.map(presentStudentPerson),
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
