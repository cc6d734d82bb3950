"use client";

import { ClusterListScreen } from "@/components/clusters/cluster-list";

// /clusters: every cluster (administrators create them here).
export default function ClustersRoute() {
  return <ClusterListScreen />;
}
