"use client";

import { useSchoolTime } from "@/components/audit/use-school-time";
import { Inbox } from "lucide-react";
import useSWR from "swr";
import { Badge } from "@/components/ui/badge";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import { FEEDBACK_TAG_LABELS, type FeedbackTag } from "@/lib/feedback/schemas";
import type { PresentedFeedback } from "@/lib/feedback/service.server";

/** Administrators: read what people sent through Provide Feedback (GET /api/feedback), newest first. */
export function FeedbackListDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data, error, isLoading } = useSWR<PresentedFeedback[]>(open ? "/api/feedback" : null);
  // The school's time, as every screen shows it, not this browser's zone (its zone data may differ).
  const when = useSchoolTime();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Feedback received"
      description="Newest first. Reply only where the sender allowed it."
      size="lg"
    >
      {isLoading && (
        <Spinner label="Loading feedback" className="mx-auto my-10 flex justify-center text-indigo-600" />
      )}
      {error && (
        <p role="alert" className="py-6 text-sm text-red-700">
          {messageOf(error)}
        </p>
      )}
      {data && data.length === 0 && <EmptyState icon={<Inbox />} title="No feedback yet" />}
      {data && data.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-100">
          {data.map((entry) => (
            <li key={entry.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium text-slate-900">{entry.from ?? entry.email}</span>
                <span className="text-slate-500">
                  {when(entry.created_at)}
                </span>
                {entry.allow_response ? (
                  <a
                    className="text-indigo-700 underline-offset-2 hover:underline"
                    href={`mailto:${entry.email}`}
                  >
                    Reply to {entry.email}
                  </a>
                ) : (
                  <span className="text-slate-500">No reply wanted</span>
                )}
              </div>
              <p className="mt-1.5 text-sm whitespace-pre-wrap text-slate-800">{entry.feedback}</p>
              {entry.tags && (
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {entry.tags.split(",").map((tag) => (
                    <Badge key={tag}>{FEEDBACK_TAG_LABELS[tag as FeedbackTag] ?? tag}</Badge>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
