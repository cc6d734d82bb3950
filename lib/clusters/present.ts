import type { clusterMemberRows, findCluster } from "@/db/queries/clusters";
import { presentStaffRef, presentStudentPerson } from "@/lib/people/present-person";
import type { ClusterListItem, ClusterPage } from "./answers";

export type { ClusterListItem, ClusterPage };

type ClusterRow = NonNullable<Awaited<ReturnType<typeof findCluster>>>;
type MemberRow = Awaited<ReturnType<typeof clusterMemberRows>>[number];

/** GET /api/clusters/{id}: the spec's cluster {id, name} with its members, owner and the viewer's star. */
export function presentCluster(cluster: ClusterRow, members: MemberRow[]): ClusterPage {
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
