"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/** "Download CSV" for a view; `accessibleName` says which list when a page has several. */
export function DownloadButton({
  label = "Download CSV",
  accessibleName,
  busy,
  onClick,
  className,
}: {
  label?: string;
  accessibleName?: string;
  busy: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      loading={busy}
      aria-label={accessibleName}
      className={className}
    >
      <Download aria-hidden className="size-4" /> {label}
    </Button>
  );
}
