"use client";

import { forwardRef, useId, type SelectHTMLAttributes } from "react";
import useSWR from "swr";
import { inputClasses } from "@/components/ui/text-field";
import type { StaffListItem } from "@/lib/people/lists.server";
import { cn } from "@/lib/cn";
import { titledFullName } from "@/lib/people/names";
import { compareNames } from "@/lib/core/fold";

/** The value of "No default teacher" in the select; the form turns it into null. */
export const NO_DEFAULT_TEACHER = "";

/** The select's text as the form's value: a staff id, or null for none. */
export const defaultTeacherValue = (value: unknown) =>
  value === NO_DEFAULT_TEACHER || value === null || value === undefined ? null : Number(value);

/**
 * The student's default (homeroom) teacher, whom default placement plans them with when they have not
 * chosen by the cutoff. A native select of every staff member, by last name; those who do not take
 * Focus Block students (office staff) are listed but cannot be chosen (a student who already has one
 * keeps them until changed).
 */
export const DefaultTeacherField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { error?: string | null }
>(function DefaultTeacherField({ error, className, ...props }, ref) {
  const id = useId();
  const { data: staff } = useSWR<StaffListItem[]>("/api/staff");
  const sorted = [...(staff ?? [])].sort(compareNames);
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Default teacher
      </label>
      {staff ? (
        // Mounted (and handed to the form) only with its options: the form then selects the student's
        // teacher; a select without that option yet would show, and save, "No default teacher".
        <select
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={cn(inputClasses(!!error), "pr-8", className)}
          {...props}
        >
          <option value={NO_DEFAULT_TEACHER}>No default teacher</option>
          {sorted.map((member) => (
            <option key={member.id} value={member.id} disabled={!member.takes_students}>
              {`${titledFullName(member)}${
                member.takes_students ? "" : " (does not take Focus Block students)"
              }`}
            </option>
          ))}
        </select>
      ) : (
        <select
          id={id}
          disabled
          aria-describedby={`${id}-hint`}
          className={cn(inputClasses(false), "pr-8", className)}
        >
          <option>Loading teachers…</option>
        </select>
      )}
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Students who have not chosen a teacher by the placement cutoff are placed with this teacher.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
