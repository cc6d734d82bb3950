"use client";

import { UsersRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { LoadError, NotFoundPanel } from "@/components/courses/page-parts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { usePageTitle } from "@/components/ui/page-title";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { Breadcrumbs } from "@/components/wiki/wiki-parts";
import { ApiClientError, apiDelete } from "@/lib/api/request.client";
import type { ClusterPage } from "@/lib/clusters/present";
import type { Member } from "@/lib/courses/present";
import { AddMembersDialog } from "./add-members-dialog";
import { ClusterHeading } from "./cluster-heading";
import { ClusterMembers } from "./cluster-members";
import { ClusterNameDialog } from "./name-dialog";

export const CLUSTERS_KEY = "/api/clusters";
export const clusterKey = (id: number) => `/api/clusters/${id}`;

/** /clusters/{id}: a cluster's members and the star toggle; administrators rename it and change who is in it. */
// eslint-disable-next-line max-lines-per-function -- the page wires its four dialogs to their writes
export function ClusterPageView({ clusterId }: { clusterId: number }) {
  const { user } = useSignedInUser();
  const canEdit = user.role === "admin" || user.role === "sysadmin";
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const { data: cluster, error, mutate: reload } = useSWR<ClusterPage>(clusterKey(clusterId));
  const [dialog, setDialog] = useState<"rename" | "add" | "delete" | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  usePageTitle(cluster?.name ?? "Cluster");

  // Every view of this cluster (page, list, Starred, student profiles) reloads after a change.
  const changed = async (updated?: ClusterPage) => {
    setDialog(null);
    await Promise.all([
      updated ? reload(updated, { revalidate: false }) : reload(),
      mutate(CLUSTERS_KEY),
      mutate("/api/starred"),
    ]);
  };

  const removeMember = useAction(
    async (member: Member) => {
      const updated = await apiDelete<ClusterPage>(`${clusterKey(clusterId)}/members/${member.id}`);
      await changed(updated);
      await mutate(`/api/students/profile/${member.id}`);
      snackbar(`Removed ${member.name} from ${cluster!.name}.`, { tone: "success" });
    },
    { rethrow: true },
  ).run;

  const deleteCluster = useAction(
    async () => {
      await apiDelete(clusterKey(clusterId));
      await Promise.all([mutate(CLUSTERS_KEY), mutate("/api/starred")]);
      snackbar(`Deleted ${cluster!.name}.`, { tone: "success" });
      router.push("/clusters");
    },
    { rethrow: true },
  ).run;

  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <NotFoundPanel
        icon={<UsersRound />}
        title="This cluster could not be found."
        description="It may have been deleted."
        href="/clusters"
        linkLabel="See all clusters"
      />
    );
  }
  if (error && !cluster) return <LoadError error={error} what="cluster" onRetry={() => void reload()} />;
  if (!cluster)
    return <Spinner label="Loading the cluster" className="flex justify-center py-12 text-indigo-600" />;

  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs trail={[{ label: "Clusters", href: "/clusters" }, { label: cluster.name }]} />
      <ClusterHeading
        cluster={cluster}
        canStar={user.account_type === "staff"}
        canEdit={canEdit}
        onStarred={() => changed()}
        onRename={() => setDialog("rename")}
        onDelete={() => setDialog("delete")}
      />
      <ClusterMembers cluster={cluster} canEdit={canEdit} onAdd={() => setDialog("add")} onRemove={setRemoving} />

      <ClusterNameDialog
        open={dialog === "rename"}
        onOpenChange={(open) => !open && setDialog(null)}
        cluster={cluster}
        onSaved={changed}
      />
      <AddMembersDialog
        open={dialog === "add"}
        onOpenChange={(open) => !open && setDialog(null)}
        cluster={cluster}
        onAdded={changed}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete ${cluster.name}?`}
        description="The cluster is removed for everyone. Its students stay as they are."
        confirmLabel="Delete cluster"
        destructive
        onConfirm={deleteCluster}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? ""} from ${cluster.name}?`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => removeMember(removing!)}
      />
    </div>
  );
}
