"use client";

import { CheckCircle2, Circle, CircleHelp } from "lucide-react";
import Link from "next/link";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import type { ChecklistItem, SetupChecklist } from "@/lib/setup/checklist.server";
import { SendTestButton } from "@/components/reach/send-test-button";
import { FirstWeekPreview } from "./first-week-preview";

/**
 * /setup for administrators and sysadmins: what the school still needs before its first Focus Block
 * (GET /api/setup), each step done or what is missing, linked to the screen that does it and to its
 * help post; then what students and teachers will see on the first day.
 */
export function SetupChecklistScreen() {
  const { data, error, isLoading, mutate } = useSWR<SetupChecklist>("/api/setup");
  // An optional step (email) never holds back "Every step is done".
  const required = data?.items.filter((item) => !item.optional) ?? [];
  const done = required.filter((item) => item.done).length;
  return (
    <div>
      <PageHeader
        title="Setup"
        description="What your school needs before its first Focus Block. Each step opens the screen that does it."
      />
      {error && !data ? (
        <LoadError error={error} what="setup checklist" onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Spinner label="Loading the setup checklist" className="flex justify-center py-10 text-indigo-600" />
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="setup-steps" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="setup-steps" className="text-lg font-semibold text-slate-900">
                Steps
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {done === required.length ? "Every step is done." : `${done} of ${required.length} steps done`}
              </p>
            </div>
            <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {data.items.map((item) => (
                <li key={item.key}>
                  <Step item={item} onChanged={() => void mutate()} />
                </li>
              ))}
            </ol>
          </section>
          <FirstWeekPreview preview={data.preview} />
        </div>
      )}
    </div>
  );
}

function Step({ item, onChanged }: { item: ChecklistItem; onChanged: () => void }) {
  const Icon = item.done ? CheckCircle2 : Circle;
  return (
    <div className="flex items-start gap-3 px-4 py-3 sm:px-5" data-testid={`setup-step-${item.key}`}>
      <Icon
        aria-hidden
        className={cn("mt-0.5 size-5 shrink-0", item.done ? "text-emerald-600" : "text-slate-400")}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            href={item.href}
            className={cn("rounded font-medium text-indigo-700 hover:underline", focusRing)}
          >
            {item.title}
          </Link>
          <span className={cn("text-xs font-medium", item.done ? "text-emerald-700" : item.optional ? "text-slate-600" : "text-amber-800")}>
            {item.done ? "Done" : item.optional ? "Optional" : "Not done"}
          </span>
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-700">{item.detail}</p>
        {item.key === "email" && item.mail_configured && (
          <div className="mt-2">
            <SendTestButton size="sm" onSent={onChanged} />
          </div>
        )}
      </div>
      {item.help && (
        <Link
          href={item.help}
          aria-label={`Help: ${item.title}`}
          className={cn(
            "inline-flex shrink-0 items-center gap-1 rounded px-1 text-sm text-slate-600 hover:text-slate-900",
            focusRing,
          )}
        >
          <CircleHelp aria-hidden className="size-4" />
          <span className="hidden sm:inline">Help</span>
        </Link>
      )}
    </div>
  );
}
