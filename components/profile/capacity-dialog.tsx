"use client";

import { Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { fieldErrorTo, useAction } from "@/components/ui/use-action";
import { NumberField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/request.client";
import { MAX_CAPACITY } from "@/lib/people/schemas";
import type { CapacityResponse } from "@/lib/core/schedule/types";

/** Set Capacity: how many students may plan the owner's flex blocks. */
export function CapacityDialog({
  capacity,
  onSaved,
}: {
  capacity: number | null;
  onSaved: (profile: CapacityResponse) => unknown;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { run: save, busy } = useAction(
    async (capacity: number) => {
      const profile = await apiPost<CapacityResponse>("/api/staff/capacity", { capacity });
      snackbar("Updated capacity.", { tone: "success" });
      setOpen(false);
      await onSaved(profile);
    },
    { handled: fieldErrorTo("capacity", setError) },
  );

  function openDialog() {
    setValue(capacity === null ? "" : String(capacity));
    setError(null);
    setOpen(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = Number(value);
    if (value.trim() === "" || !Number.isInteger(number) || number < 0) {
      setError("Enter a whole number of students.");
      return;
    }
    await save(number);
  }

  return (
    <>
      <Button variant="secondary" onClick={openDialog}>
        <Users aria-hidden className="size-4" /> Set Capacity
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Set Capacity"
        description="The most students who can choose you for a flex block."
        size="sm"
      >
        <form id="capacity-form" onSubmit={submit} noValidate className="flex flex-col gap-4 pb-2">
          <NumberField
            label="Capacity"
            min={0}
            max={MAX_CAPACITY}
            step={1}
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
