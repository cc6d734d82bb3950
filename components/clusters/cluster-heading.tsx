import { Pencil, Trash2, Users } from "lucide-react";
import { PageHeading } from "@/components/courses/page-parts";
import { StarToggle } from "@/components/profile/star-toggle";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ClusterPage } from "@/lib/clusters/present";

/** The cluster's name, Hidden badge, star, member count and owner; administrators get Rename and Delete. */
export function ClusterHeading({
  cluster,
  canStar,
  canEdit,
  onStarred,
  onRename,
  onDelete,
}: {
  cluster: ClusterPage;
  canStar: boolean;
  canEdit: boolean;
  onStarred: () => Promise<unknown>;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <PageHeading
      className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
      icon={<Users className="size-7" />}
      iconClassName="bg-teal-100 text-teal-800"
      title={cluster.name}
      titleClassName="break-words"
      extras={
        <>
          {cluster.hidden && <Badge>Hidden</Badge>}
          {canStar && (
            <StarToggle
              itemType="cluster"
              itemId={cluster.id}
              starred={cluster.starred}
              name={cluster.name}
              onChanged={onStarred}
            />
          )}
        </>
      }
      subtitle={
        <>
          Cluster · {cluster.member_count === 1 ? "1 student" : `${cluster.member_count} students`}
          {cluster.owner && <> · Owner {cluster.owner.name}</>}
        </>
      }
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {canEdit && (
            <>
              <Button variant="secondary" onClick={onRename}>
                <Pencil aria-hidden className="size-4" />
                Rename
              </Button>
              <Button variant="secondary" onClick={onDelete}>
                <Trash2 aria-hidden className="size-4" />
                Delete
              </Button>
            </>
          )}
        </div>
      }
    />
  );
}
