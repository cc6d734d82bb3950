"use client";

import { MessageSquare } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { TextAreaField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/request.client";
import { MAX_BLOCK_MESSAGE } from "@/lib/requests/series-schemas";
import { BlockForm } from "./block-form";
import { DialogSection } from "./dialog-parts";

export const MESSAGE_STUDENTS = "Message students";

/**
 * The teacher's own block: a message to everyone planned or booked with them for that block and date
 * (and, when ticked, their waitlist), as a notification (POST /api/staff/block-message).
 */
export function BlockMessageSection({ blockId, date, pending }: { blockId: number; date: string; pending: boolean }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [waitlist, setWaitlist] = useState(false);
  const send = useAction(
    async () => {
      const answer = await apiPost<{ sent: number }>("/api/staff/block-message", {
        block_id: blockId,
        date,
        text: text.trim(),
        include_waitlist: waitlist,
      });
      snackbar(answer.sent === 0 ? "Nobody is planned with you for this block yet." : `Sent to ${answer.sent} ${answer.sent === 1 ? "student" : "students"}.`, {
        tone: answer.sent === 0 ? "default" : "success",
      });
      setOpen(false);
      setText("");
    },
    { failed: "The message could not be sent." },
  );
  const busy = send.busy;
  if (!pending) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send.run();
  }

  return (
    <DialogSection
      title="Message"
      action={
        open ? null : (
          <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
            <MessageSquare aria-hidden className="size-4" /> {MESSAGE_STUDENTS}
          </Button>
        )
      }
    >
      {open ? (
        <BlockForm onSubmit={submit} busy={busy} submitLabel="Send" onCancel={() => setOpen(false)}>
          <TextAreaField
            label="Message to your students"
            rows={3}
            value={text}
            minLength={1}
            maxLength={MAX_BLOCK_MESSAGE}
            required
            onChange={(e) => setText(e.target.value)}
            hint={`${text.length}/${MAX_BLOCK_MESSAGE} · In their inbox, and by email and push as each chose.`}
            autoFocus
          />
          <Checkbox label="Also the students on my waitlist" checked={waitlist} onCheckedChange={setWaitlist} />
        </BlockForm>
      ) : (
        <p className="text-sm text-slate-600">Tell everyone planned with you for this block, for example where to meet.</p>
      )}
    </DialogSection>
  );
}
