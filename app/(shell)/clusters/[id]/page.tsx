"use client";

import { useParams } from "next/navigation";
import { ClusterPageView } from "@/components/clusters/cluster-page";
import { NoMatch } from "@/components/shell/no-match";

// /clusters/{id}: a cluster page, reached from search, Starred or a student's profile.
export default function ClusterRoute() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d{1,9}$/.test(id)) return <NoMatch />;
  return <ClusterPageView key={id} clusterId={Number(id)} />;
}
