import { Archive, Pencil } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { PrintViewLink } from "@/components/ui/print-button";
import { cn } from "@/lib/cn";
import type { Section } from "@/lib/sections/present";
import { meetingsLabel } from "./section-parts";

/** A section's code and term, its teachers and meetings; administrators get Edit and Archive. */
export function SectionHeader({
  section,
  headingId,
  canEdit,
  onEdit,
  onArchive,
  printHref,
}: {
  section: Section;
  /** The section's printable class list (components/printing/class-list.tsx). */
  printHref: string;
  headingId: string;
  canEdit: boolean;
  onEdit: () => void;
  onArchive: () => void;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h3
          id={headingId}
          className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900"
        >
          Section {section.code}
          {section.term && <Badge>{section.term.name}</Badge>}
        </h3>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-700">Teachers</dt>
          <dd>
            {section.teachers.length === 0
              ? "No teacher"
              : section.teachers.map((t, i) => (
                  <span key={t.id}>
                    {i > 0 && " and "}
                    <Link
                      href={`/staff/${t.id}`}
                      className={cn("rounded text-indigo-700 hover:underline", focusRing)}
                    >
                      {t.name}
                    </Link>
                  </span>
                ))}
          </dd>
          <dt className="font-medium text-slate-700">Meets</dt>
          <dd>{meetingsLabel(section.meetings)}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <PrintViewLink href={printHref}>
          Print<span className="sr-only"> the class list of section {section.code}</span>
        </PrintViewLink>
        {canEdit && (
          <>
            <Button variant="secondary" size="sm" onClick={onEdit}>
              <Pencil aria-hidden className="size-4" />
              Edit<span className="sr-only"> section {section.code}</span>
            </Button>
            <Button variant="secondary" size="sm" onClick={onArchive}>
              <Archive aria-hidden className="size-4" />
              Archive<span className="sr-only"> section {section.code}</span>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
