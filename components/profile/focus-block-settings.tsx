"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { fieldErrorTo, useAction } from "@/components/ui/use-action";
import { Switch } from "@/components/ui/switch";
import { NumberField } from "@/components/ui/text-field";
import { apiPut } from "@/lib/api/request.client";
import type { StaffListItem } from "@/lib/people/lists.server";
import { capacityField, MAX_CAPACITY } from "@/lib/people/schemas";
import type { StaffProfile } from "@/lib/core/schedule/types";

/** The capacity form's value: the typed text, read as a number by the route's own rule. */
const capacityForm = z.object({ capacity: capacityField });

export const TAKES_STUDENTS_LABEL = "Takes Focus Block students";
export const TAKES_STUDENTS_HELP =
  "Off for office staff and others who take no students: they are not offered to students, not in the plan picker and not a default placement target.";

/**
 * An administrator's controls on a staff profile: the member's capacity and whether they take Focus
 * Block students, saved with PUT /api/staff/{id} (the names travel unchanged, as the route requires).
 */
// eslint-disable-next-line max-lines-per-function -- the capacity form and the takes-students switch share one save
export function FocusBlockSettings({
  staff,
  onSaved,
}: {
  staff: StaffProfile;
  onSaved: (saved: StaffListItem) => unknown;
}) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof capacityForm>, unknown, z.output<typeof capacityForm>>({
    resolver: zodResolver(capacityForm),
    values: { capacity: String(staff.capacity ?? "") },
  });
  const [saving, setSaving] = useState<"capacity" | "takes" | null>(null);

  const put = useAction(
    async (change: { capacity?: number; takes_students?: boolean }, which: "capacity" | "takes") => {
      const saved = await apiPut<StaffListItem>(`/api/staff/${staff.id}`, {
        first_name: staff.first_name,
        last_name: staff.last_name,
        title: staff.title,
        initials: staff.initials,
        ...change,
      });
      snackbar(
        which === "capacity"
          ? "Updated capacity."
          : saved.takes_students
            ? `${staff.name} takes Focus Block students.`
            : `${staff.name} no longer takes Focus Block students.`,
        { tone: "success" },
      );
      await onSaved(saved);
    },
    {
      // Only the capacity form has a field to say it under (a Takes switch has none).
      handled: (err, _change, which) =>
        which === "capacity" &&
        fieldErrorTo("capacity", (message) => setError("capacity", { type: "server", message }))(err),
    },
  );

  async function save(change: { capacity?: number; takes_students?: boolean }, which: "capacity" | "takes") {
    setSaving(which);
    await put.run(change, which);
    setSaving(null);
  }

  const submitCapacity = handleSubmit(({ capacity }) => save({ capacity }, "capacity"));
  const typed = useWatch({ control, name: "capacity" });
  const unchanged = String(typed ?? "").trim() === String(staff.capacity ?? "");
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Focus Block
      </h2>
      <div className="mt-3 grid gap-5 md:grid-cols-2">
        <Switch
          label={TAKES_STUDENTS_LABEL}
          description={TAKES_STUDENTS_HELP}
          checked={staff.takes_students}
          disabled={saving !== null}
          onCheckedChange={(on) => void save({ takes_students: on }, "takes")}
        />
        <form onSubmit={submitCapacity} noValidate className="flex items-start gap-2">
          <NumberField
            label="Capacity"
            hint={`The most students who can choose them for a Focus Block (0 to ${MAX_CAPACITY}).`}
            min={0}
            max={MAX_CAPACITY}
            step={1}
            error={errors.capacity?.message}
            containerClassName="min-w-0 flex-1"
            {...register("capacity")}
          />
          <Button
            type="submit"
            variant="secondary"
            className="mt-7"
            loading={saving === "capacity"}
            disabled={unchanged}
          >
            Save
          </Button>
        </form>
      </div>
    </section>
  );
}
