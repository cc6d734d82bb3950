"use client";

import { Badge } from "@/components/ui/badge";
import type { ImportSummary } from "@/lib/imports/present";

const LABELS: Record<
  ImportSummary["status"],
  { text: string; tone: "neutral" | "accent" | "success" | "danger" }
> = {
  queued: { text: "Waiting", tone: "neutral" },
  running: { text: "Processing", tone: "accent" },
  done: { text: "Done", tone: "success" },
  failed: { text: "Failed", tone: "danger" },
};

export function ImportStatus({ status }: { status: ImportSummary["status"] }) {
  const { text, tone } = LABELS[status];
  return <Badge tone={tone}>{text}</Badge>;
}

const KINDS: Record<ImportSummary["kind"], string> = {
  students: "Students",
  staff: "Staff",
  oneroster: "OneRoster (SIS)",
  calendar: "Calendar file",
};

export const importKindLabel = (kind: ImportSummary["kind"]) => KINDS[kind];
