"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/** "Download CSV" for a view (its accessible name says which view). */
export function DownloadButton({
  label = "Download CSV",
  busy,
  onClick,
}: {
  label?: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} loading={busy}>
      <Download aria-hidden className="size-4" /> {label}
    </Button>
  );
}
