"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Users } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { fieldErrorTo, useAction } from "@/components/ui/use-action";
import { NumberField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/request.client";
import { MAX_CAPACITY, capacityField } from "@/lib/people/schemas";
import type { CapacityResponse } from "@/lib/core/schedule/types";

/** POST /api/staff/capacity's body; the field holds the typed text, the route's rule reads it as a number. */
const capacityBody = z.object({ capacity: capacityField });

/** Set Capacity: how many students may plan the owner's flex blocks. */
export function CapacityDialog({
  capacity,
  onSaved,
}: {
  capacity: number | null;
  onSaved: (profile: CapacityResponse) => unknown;
}) {
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof capacityBody>, unknown, z.output<typeof capacityBody>>({
    resolver: zodResolver(capacityBody),
  });
  const { run: save, busy } = useAction(
    async (body: { capacity: number }) => {
      const profile = await apiPost<CapacityResponse>("/api/staff/capacity", body);
      snackbar("Updated capacity.", { tone: "success" });
      setOpen(false);
      await onSaved(profile);
    },
    { handled: fieldErrorTo("capacity", (message) => setError("capacity", { type: "server", message })) },
  );

  function openDialog() {
    reset({ capacity: capacity === null ? "" : String(capacity) });
    setOpen(true);
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
        <form
          id="capacity-form"
          onSubmit={handleSubmit((body) => save(body))}
          noValidate
          className="flex flex-col gap-4 pb-2"
        >
          <NumberField
            label="Capacity"
            min={0}
            max={MAX_CAPACITY}
            step={1}
            error={errors.capacity?.message}
            {...register("capacity")}
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
