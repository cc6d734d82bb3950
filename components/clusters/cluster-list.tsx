"use client";

import { Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { LoadError } from "@/components/courses/page-parts";
import { Button, focusRing } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { cn } from "@/lib/cn";
import type { ClusterListItem } from "@/lib/clusters/present";
import { CLUSTERS_KEY } from "./cluster-page";
import { ClusterNameDialog } from "./name-dialog";

const columns: DataColumn<ClusterListItem>[] = [
  {
    id: "name",
    header: "Name",
    value: (c) => c.name,
    cell: (c) => (
      <Link
        href={`/clusters/${c.id}`}
        onClick={(event) => event.stopPropagation()}
        className={cn("rounded font-medium text-indigo-700 hover:underline", focusRing)}
      >
        {c.name}
      </Link>
    ),
  },
  { id: "member_count", header: "Students", value: (c) => c.member_count, kind: "number" },
];

/** /clusters: every cluster with its size; administrators add new ones. */
export function ClusterListScreen() {
  const { user } = useSignedInUser();
  const canEdit = user.role === "admin" || user.role === "sysadmin";
  const router = useRouter();
  const { data, error, isLoading, mutate } = useSWR<ClusterListItem[]>(CLUSTERS_KEY);
  const [creating, setCreating] = useState(false);

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Clusters"
        description="Named groups of students: a club, an advisory, a support group."
        actions={
          canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              New cluster
            </Button>
          )
        }
      />
      {error && !data ? (
        <LoadError error={error} what="cluster list" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Clusters"
          columns={columns}
          data={data}
          rowId={(c) => c.id}
          loading={isLoading}
          initialSort={{ id: "name" }}
          initialPageSize={10}
          searchLabel="Search clusters"
          onRowClick={(c) => router.push(`/clusters/${c.id}`)}
        />
      )}
      <ClusterNameDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={async (cluster) => {
          setCreating(false);
          await mutate();
          router.push(`/clusters/${cluster.id}`);
        }}
      />
    </div>
  );
}
