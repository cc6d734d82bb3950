"use client";

import { useParams } from "next/navigation";
import { ImportReportScreen } from "@/components/imports/import-report";
import { NoMatch } from "@/components/shell/no-match";

// /imports/{id}: one import's report, every row's outcome and the one-time password download.
export default function ImportReportPage() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d+$/.test(id)) return <NoMatch />;
  return <ImportReportScreen key={id} id={Number(id)} />;
}
