import { UserMinus, UserPlus } from "lucide-react";
import { MemberTable } from "@/components/courses/member-table";
import { Panel } from "@/components/courses/page-parts";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import type { ClusterPage } from "@/lib/clusters/present";
import type { Member } from "@/lib/courses/present";

/** Members: the cluster's students; administrators add students and remove each one. */
export function ClusterMembers({
  cluster,
  canEdit,
  onAdd,
  onRemove,
}: {
  cluster: ClusterPage;
  canEdit: boolean;
  onAdd: () => void;
  onRemove: (member: Member) => void;
}) {
  return (
    <Panel
      title="Members"
      plain
      actions={
        canEdit && (
          <Button size="sm" onClick={onAdd}>
            <UserPlus aria-hidden className="size-4" />
            Add students
          </Button>
        )
      }
    >
      <MemberTable
        label={`Members of ${cluster.name}`}
        members={cluster.members}
        rowAction={
          canEdit
            ? {
                header: "Remove",
                cell: (member) => (
                  <IconButton
                    label={`Remove ${member.name} from ${cluster.name}`}
                    icon={<UserMinus className="size-4" />}
                    size="sm"
                    onClick={(event) => {
                      event.stopPropagation();
                      onRemove(member);
                    }}
                  />
                ),
              }
            : undefined
        }
      />
    </Panel>
  );
}
