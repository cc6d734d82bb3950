"use client";

import { Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { apiDelete, apiPost, messageOf } from "@/lib/api/request.client";
import type { ClusterListItem } from "@/lib/clusters/present";
import { CLUSTERS_KEY, clusterKey } from "./cluster-page";
import { ClusterNameDialog } from "./name-dialog";

/**
 * On a student's profile (administrators): which clusters the student is in, changed one box at a
 * time, and a new cluster started with this student.
 */
export function StudentClustersButton({
  student,
  memberOf,
}: {
  student: { id: number; name: string };
  /** The ids of the clusters the student is in (from the profile). */
  memberOf: number[];
}) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const { mutate } = useSWRConfig();
  const refresh = (clusterId?: number) =>
    Promise.all([
      mutate(`/api/students/profile/${student.id}`),
      mutate(CLUSTERS_KEY),
      clusterId ? mutate(clusterKey(clusterId)) : null,
    ]);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <UsersRound aria-hidden className="size-4" />
        Clusters
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Clusters for ${student.name}`}
        description="Tick a cluster to add the student to it; untick to take them out."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              New cluster
            </Button>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </>
        }
      >
        {open && <ClusterChecklist studentId={student.id} memberOf={memberOf} onChanged={refresh} />}
      </Dialog>
      <ClusterNameDialog
        open={creating}
        onOpenChange={setCreating}
        studentIds={[student.id]}
        onSaved={async (cluster) => {
          setCreating(false);
          await refresh(cluster.id);
          snackbar(`Created ${cluster.name} with ${student.name}.`, { tone: "success" });
        }}
      />
    </>
  );
}

function ClusterChecklist({
  studentId,
  memberOf,
  onChanged,
}: {
  studentId: number;
  memberOf: number[];
  onChanged: (clusterId: number) => Promise<unknown>;
}) {
  const { data, error } = useSWR<ClusterListItem[]>(CLUSTERS_KEY);
  const member = new Set(memberOf);
  const change = useAction(async (cluster: ClusterListItem, on: boolean) => {
    if (on) await apiPost(`/api/clusters/${cluster.id}/members`, { student_ids: [studentId] });
    else await apiDelete(`/api/clusters/${cluster.id}/members/${studentId}`);
    await onChanged(cluster.id);
  });

  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(error, "The clusters could not be loaded.")}
      </p>
    );
  if (!data) return <Spinner label="Loading clusters" className="flex justify-center py-6 text-indigo-600" />;
  if (data.length === 0) return <p className="py-2 text-sm text-slate-600">No data available</p>;
  return (
    <ul aria-label="Clusters" className="flex flex-col gap-2 pb-2">
      {data.map((cluster) => (
        <li key={cluster.id}>
          <Checkbox
            label={
              <span>
                {cluster.name}{" "}
                <span className="text-slate-600">
                  · {cluster.member_count === 1 ? "1 student" : `${cluster.member_count} students`}
                </span>
              </span>
            }
            checked={member.has(cluster.id)}
            disabled={change.busy}
            onCheckedChange={(on) => void change.run(cluster, on)}
          />
        </li>
      ))}
    </ul>
  );
}
