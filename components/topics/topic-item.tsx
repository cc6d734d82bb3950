import { Trash2 } from "lucide-react";
import { paletteHex } from "@/components/calendar/palette";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import type { OwnTopic, Topic } from "@/lib/core/schedule/types";

type ListedTopic = Topic & Partial<Pick<OwnTopic, "open_to" | "seat_cap">>;

/** A topic in the Topics dialog: a button that picks it (select mode), or its line with Delete (edit mode). */
export function TopicItem({
  topic,
  mode,
  busy,
  disabled,
  onSelect,
  onDelete,
}: {
  topic: ListedTopic;
  mode: "edit" | "select";
  busy: boolean;
  disabled: boolean;
  onSelect: () => void;
  onDelete: () => void;
}) {
  if (mode === "select") {
    return (
      <button
        type="button"
        onClick={onSelect}
        disabled={disabled}
        className={cn(
          "flex w-full items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-left hover:bg-slate-50 disabled:opacity-60",
          focusRing,
        )}
      >
        <TopicLine topic={topic} />
        {busy && <Spinner size="sm" className="text-indigo-600" />}
      </button>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
      <TopicLine topic={topic} />
      <IconButton
        label={`Delete ${topic.memo || "topic"}`}
        size="sm"
        icon={busy ? <Spinner size="sm" /> : <Trash2 aria-hidden className="size-4" />}
        disabled={disabled}
        onClick={onDelete}
      />
    </div>
  );
}

function TopicLine({ topic }: { topic: ListedTopic }) {
  return (
    <>
      <span
        aria-hidden
        className="size-3 shrink-0 rounded-full"
        style={{ backgroundColor: paletteHex(topic.color) }}
      />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
        {topic.memo || "Untitled topic"}
      </span>
      {topic.open_to && <Badge>Some students</Badge>}
      {topic.seat_cap != null && <Badge>{topic.seat_cap === 1 ? "1 seat" : `${topic.seat_cap} seats`}</Badge>}
      {topic.unavailable && <Badge tone="warning">Unavailable</Badge>}
    </>
  );
}
