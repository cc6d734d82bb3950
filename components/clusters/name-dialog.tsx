"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useAction } from "@/components/ui/use-action";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost, apiPut } from "@/lib/api/request.client";
import type { ClusterPage } from "@/lib/clusters/present";
import { MAX_CLUSTER_NAME, clusterRenameBody, type ClusterRenameBody } from "@/lib/clusters/schemas";

/**
 * Name a new cluster (POST /api/clusters, with any first members) or rename one (PUT /api/clusters/{id}).
 * A name another cluster has is shown on the field.
 */
export function ClusterNameDialog({
  open,
  onOpenChange,
  cluster,
  studentIds = [],
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cluster?: { id: number; name: string };
  /** Members of a new cluster (creating it from a student's profile). */
  studentIds?: number[];
  onSaved: (cluster: ClusterPage) => unknown;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={cluster ? "Rename cluster" : "New cluster"}
      size="sm"
    >
      {open && (
        <NameForm
          cluster={cluster}
          studentIds={studentIds}
          onCancel={() => onOpenChange(false)}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function NameForm({
  cluster,
  studentIds,
  onCancel,
  onSaved,
}: {
  cluster?: { id: number; name: string };
  studentIds: number[];
  onCancel: () => void;
  onSaved: (cluster: ClusterPage) => unknown;
}) {
  // The form's values are the request's body: the route's schema checks them here first.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClusterRenameBody>({
    resolver: zodResolver(clusterRenameBody),
    defaultValues: { name: cluster?.name ?? "" },
  });
  const save = useAction(
    async (body: ClusterRenameBody) => {
      const saved = cluster
        ? await apiPut<ClusterPage>(`/api/clusters/${cluster.id}`, body)
        : await apiPost<ClusterPage>("/api/clusters", { ...body, student_ids: studentIds });
      await onSaved(saved);
    },
    {
      // A taken name is said beside the field.
      handled: (failure) => {
        if (!(failure instanceof ApiClientError && (failure.status === 409 || failure.fieldError("name")))) return false;
        setError("name", { type: "server", message: failure.fieldError("name") ?? failure.message });
        return true;
      },
    },
  );
  const busy = save.busy;

  return (
    <form onSubmit={handleSubmit((body) => save.run(body))} noValidate className="flex flex-col gap-4 pb-2">
      <TextField
        label="Name"
        error={errors.name?.message}
        maxLength={MAX_CLUSTER_NAME}
        required
        autoFocus
        {...register("name")}
      />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {cluster ? "Rename" : "Create cluster"}
        </Button>
      </div>
    </form>
  );
}
