"use client";

import { SlidersHorizontal } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { fieldErrorTo, useAction } from "@/components/ui/use-action";
import { NumberField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/request.client";
import { capacityField, MAX_CAPACITY } from "@/lib/people/schemas";
import { SelectField } from "./select-field";

const LEAVE = "Leave as it is";
const TAKES = { [LEAVE]: undefined, Yes: true, No: false } as const;
type TakesChoice = keyof typeof TAKES;

const members = (n: number) => `${n.toLocaleString("en-US")} staff member${n === 1 ? "" : "s"}`;

/**
 * The staff list's bulk action (administrators): the same capacity and/or "takes Focus Block students"
 * for every selected staff member, in one POST /api/staff/bulk. A blank capacity and "Leave as it is"
 * keep each member's own.
 */
// eslint-disable-next-line max-lines-per-function -- one form: capacity and takes-students for the chosen staff
export function StaffFocusDialog({ selected, onDone }: { selected: number[]; onDone: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [takes, setTakes] = useState<TakesChoice>(LEAVE);
  const [capacity, setCapacity] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { run: update, busy } = useAction(
    async (body: { ids: number[]; capacity?: number; takes_students?: boolean }) => {
      const result = await apiPost<{ updated: number }>("/api/staff/bulk", body);
      snackbar(`Updated ${members(result.updated)}.`, { tone: "success" });
      setOpen(false);
      await onDone();
    },
    { handled: fieldErrorTo("capacity", setError) },
  );

  function openDialog() {
    setTakes(LEAVE);
    setCapacity("");
    setError(null);
    setFormError(null);
    setOpen(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: { ids: number[]; capacity?: number; takes_students?: boolean } = { ids: selected };
    if (capacity.trim() !== "") {
      const parsed = capacityField.safeParse(capacity.trim());
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? "Enter a whole number of students.");
        return;
      }
      body.capacity = parsed.data;
    }
    if (TAKES[takes] !== undefined) body.takes_students = TAKES[takes];
    if (body.capacity === undefined && body.takes_students === undefined) {
      setFormError("Set a capacity, choose whether they take Focus Block students, or both.");
      return;
    }
    await update(body);
  }

  return (
    <>
      <Button variant="secondary" onClick={openDialog} disabled={selected.length === 0}>
        <SlidersHorizontal aria-hidden className="size-4" /> Focus Block
        {selected.length > 0 && <span className="tabular-nums">({selected.length})</span>}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Focus Block"
        description={`For the ${members(selected.length)} you selected.`}
        size="sm"
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-2">
          <SelectField
            label="Takes Focus Block students"
            options={Object.keys(TAKES)}
            value={takes}
            onChange={(e) => {
              setTakes(e.target.value as TakesChoice);
              setFormError(null);
            }}
          />
          <NumberField
            label="Capacity"
            hint={`0 to ${MAX_CAPACITY}; leave blank to keep each one's own.`}
            min={0}
            max={MAX_CAPACITY}
            step={1}
            value={capacity}
            error={error}
            onChange={(e) => {
              setCapacity(e.target.value);
              setError(null);
              setFormError(null);
            }}
          />
          {formError && (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          )}
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
