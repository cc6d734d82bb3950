"use client";

import { Plus, Shapes } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { Spinner } from "@/components/ui/spinner";
import { apiDelete, messageOf } from "@/lib/api/request.client";
import type { Topic, TopicResponse } from "@/lib/core/schedule/types";
import { TopicForm } from "./topic-form";
import { TopicItem } from "./topic-item";
import { useTopics } from "./use-topics";

export type TopicDialogMode = "edit" | "select";

export const NO_TOPICS = "You don't have any Topics yet";

/**
 * The teacher's topics. Edit mode creates and deletes them; select mode picks one for a block
 * (`onSelect`), and can create one on the way.
 */
// eslint-disable-next-line max-lines-per-function -- the topic list's edit and select modes share one dialog
export function TopicDialog({
  open,
  onOpenChange,
  mode,
  context,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: TopicDialogMode;
  /** What is being chosen for, e.g. "Focus Block, Wed Mar 18, 2026". */
  context?: string;
  onSelect?: (topic: Topic) => Promise<unknown>;
}) {
  const { data: topics, error, isLoading, mutate } = useTopics(open);
  const [formOpen, setFormOpen] = useState(false);
  // Which topic's row spins: its delete (useAction) or the caller's select, whose failure the caller shows.
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Topic | null>(null);
  const showForm = formOpen || topics?.length === 0;

  const deleteTopic = useAction(
    async (topic: Topic) => {
      await apiDelete<TopicResponse>(`/api/topics/${topic.id}`);
      await mutate();
      snackbar("Deleted Topic.");
    },
    { rethrow: true },
  );

  async function remove(topic: Topic) {
    setBusyId(topic.id);
    try {
      await deleteTopic.run(topic);
    } finally {
      setBusyId(null);
    }
  }

  async function select(topic: Topic) {
    if (!onSelect || busyId !== null) return;
    setBusyId(topic.id);
    try {
      await onSelect(topic);
      onOpenChange(false);
    } catch {
      // the caller reports the failure; keep the dialog open to try again
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFormOpen(false);
        onOpenChange(next);
      }}
      title={mode === "select" ? "Choose a Topic" : "Topics"}
      description={
        mode === "select"
          ? (context ?? "Choose the topic for this block.")
          : "What you offer in a flex block. Students see it when they choose a teacher."
      }
      size="md"
    >
      <div className="flex flex-col gap-4 pb-2">
        {isLoading ? (
          <Spinner label="Loading topics" className="py-6 text-slate-500" />
        ) : error ? (
          <p className="text-sm text-red-700">{messageOf(error, "Your topics could not be loaded.")}</p>
        ) : topics && topics.length > 0 ? (
          <ul className="flex flex-col gap-1" aria-label="Your topics">
            {topics.map((topic) => (
              <li key={topic.id}>
                <TopicItem
                  topic={topic}
                  mode={mode}
                  busy={busyId === topic.id}
                  disabled={busyId !== null}
                  onSelect={() => void select(topic)}
                  onDelete={() => setConfirming(topic)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={<Shapes />} title={NO_TOPICS} className="py-6" />
        )}

        {showForm ? (
          <TopicForm
            onCancel={topics && topics.length > 0 ? () => setFormOpen(false) : undefined}
            onCreated={async () => {
              setFormOpen(false);
              await mutate();
              snackbar("Created Topic.", { tone: "success" });
            }}
          />
        ) : (
          <Button variant="secondary" className="self-start" onClick={() => setFormOpen(true)}>
            <Plus aria-hidden className="size-4" /> New Topic
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        title="Delete this Topic?"
        description={`“${confirming?.memo || "Untitled topic"}” will be deleted. Students no longer see it.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (confirming ? remove(confirming) : undefined)}
      />
    </Dialog>
  );
}
