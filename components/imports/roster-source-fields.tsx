"use client";

import { useRef } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import { Checkbox } from "@/components/ui/checkbox";
import { focusRing } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";
import type { ConnectionTest, RosterSourceFields, RosterSourceValues } from "./roster-source-types";

type Form = UseFormReturn<RosterSourceFields, unknown, RosterSourceValues>;

export const SECRET_SAVED = "Saved — leave blank to keep it";

/** The addresses and credentials the SIS gives for OneRoster over REST (OAuth 2 client credentials). */
export function ConnectionFields({ form, secretSaved }: { form: Form; secretSaved: boolean }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Base URL"
        required
        type="url"
        autoComplete="off"
        spellCheck={false}
        hint="The OneRoster address from your SIS, ending in something like /ims/oneroster/rostering/v1p2."
        containerClassName="sm:col-span-2"
        error={errors.base_url?.message}
        {...register("base_url")}
      />
      <TextField
        label="Token URL"
        required
        type="url"
        autoComplete="off"
        spellCheck={false}
        hint="Where the app signs in with the client id and secret (OAuth 2)."
        containerClassName="sm:col-span-2"
        error={errors.token_url?.message}
        {...register("token_url")}
      />
      <TextField
        label="Client ID"
        required
        autoComplete="off"
        spellCheck={false}
        error={errors.client_id?.message}
        {...register("client_id")}
      />
      <TextField
        label="Client secret"
        required={!secretSaved}
        type="password"
        autoComplete="new-password"
        placeholder={secretSaved ? SECRET_SAVED : undefined}
        hint={secretSaved ? "Stored encrypted and never shown; type a new one only to replace it." : undefined}
        error={errors.client_secret?.message}
        {...register("client_secret")}
      />
    </div>
  );
}

const radioClasses = cn("size-4 accent-indigo-600", focusRing);

/** OneRoster 1.1 or 1.2, and the school (a choice when the test found several). */
export function VersionAndSchool({ form, test }: { form: Form; test: ConnectionTest | null }) {
  const { register, formState, watch } = form;
  const schools = (test?.orgs ?? []).filter((o) => o.type.toLowerCase() === "school");
  const chosen = watch("school_sourced_id") ?? "";
  const known = chosen === "" || schools.some((s) => s.sourced_id === chosen);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">OneRoster version</legend>
        <div className="flex gap-6">
          {(["1.1", "1.2"] as const).map((version) => (
            <label key={version} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" value={version} className={radioClasses} {...register("version")} />
              OneRoster {version}
            </label>
          ))}
        </div>
      </fieldset>
      {schools.length > 1 ? (
        <ChoiceField
          label="School"
          hint="Your SIS serves several schools: only the one you choose is synced."
          error={formState.errors.school_sourced_id?.message}
          choices={[
            { value: "", label: "Choose a school" },
            ...schools.map((s) => ({ value: s.sourced_id, label: s.name })),
            ...(known ? [] : [{ value: chosen, label: chosen }]),
          ]}
          {...register("school_sourced_id")}
        />
      ) : (
        <TextField
          label="School sourced id (optional)"
          autoComplete="off"
          spellCheck={false}
          hint="Only for a district SIS with several schools; Test connection lists them."
          error={formState.errors.school_sourced_id?.message}
          {...register("school_sourced_id")}
        />
      )}
    </div>
  );
}

/** The nightly sync's time (school time) or off, and whether people the SIS no longer lists are archived. */
export function ScheduleFields({ form }: { form: Form }) {
  const zone = useSchoolTimezone();
  const lastTime = useRef("02:00");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={form.control}
        name="schedule"
        render={({ field, fieldState }) => (
          <div className="flex flex-col gap-3">
            <Checkbox
              label="Sync every night"
              checked={field.value != null}
              onCheckedChange={(on) => field.onChange(on ? lastTime.current : null)}
            />
            {field.value != null && (
              <TextField
                label="Time"
                type="time"
                required
                hint={`School time (${zone}).`}
                containerClassName="max-w-48"
                error={fieldState.error?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  lastTime.current = event.target.value || lastTime.current;
                  field.onChange(event.target.value);
                }}
              />
            )}
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="archive_missing"
        render={({ field }) => (
          <div className="flex flex-col gap-1">
            <Checkbox
              label="Archive people the SIS no longer lists"
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
            />
            <p className="pl-6 text-xs text-slate-600">
              Students and staff missing from a full sync are archived, never deleted. Courses, sections
              and enrolments always follow the SIS.
            </p>
          </div>
        )}
      />
    </div>
  );
}
