"use client";

import type { ReactNode } from "react";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { PrintButton } from "@/components/ui/print-button";

/**
 * A printable view: its heading with Print, a way back to the screen it came from, the controls that
 * choose what to print (a date: on screen only) and the content, which is what the paper shows.
 */
export function PrintView({
  title,
  description,
  back,
  controls,
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { href: string; label: string };
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      {back && <BackLink href={back.href} label={back.label} className="mb-3" />}
      <PageHeader title={title} description={description} actions={<PrintButton />} />
      {controls && <div className="mb-4 flex flex-wrap items-end gap-3 print:hidden">{controls}</div>}
      <div className="flex flex-col gap-6">{children}</div>
    </div>
  );
}
