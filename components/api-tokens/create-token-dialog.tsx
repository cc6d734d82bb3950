"use client";

import { Controller } from "react-hook-form";
import { SelectField } from "@/components/people/select-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { API_SCOPES, API_SCOPE_NAMES } from "@/lib/api-tokens/scopes";
import { LIFETIMES, LIFETIME_NAMES, useCreateToken, type CreatedToken } from "./use-create-token";

/** "Create an API token": name, scopes, expiry and the administrator's password. */
export function CreateDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedToken) => void;
}) {
  const { form, saving, change, submit } = useCreateToken(onOpenChange, onCreated);
  const { register, control, watch } = form;
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Create an API token"
      description="Name it after the system that will use it. You will see the token once, right after creating it."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="api-token-form" loading={saving}>
            Create token
          </Button>
        </>
      }
    >
      <form id="api-token-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Name"
          error={errors.name?.message}
          maxLength={100}
          required
          placeholder="Student information system"
          autoComplete="off"
          {...register("name")}
        />
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => (
            <ScopeBoxes scopes={field.value} onChange={field.onChange} error={errors.scopes?.message} />
          )}
        />
        <SelectField
          label="Expires after"
          options={LIFETIME_NAMES}
          error={errors.lifetime?.message}
          {...register("lifetime")}
        />
        {LIFETIMES[watch("lifetime")] === null && (
          <TextField
            label="Expires on"
            type="date"
            error={errors.expires_on?.message}
            hint="At most two years from today. The token stops working at the end of that day (UTC)."
            required
            {...register("expires_on")}
          />
        )}
        <TextField
          label="Your password"
          type="password"
          error={errors.password?.message}
          hint="A token keeps working after you sign out, so creating one needs your password."
          required
          autoComplete="current-password"
          {...register("password")}
        />
      </form>
    </Dialog>
  );
}

/** Scopes: a box for each, with what it lets the token do. */
function ScopeBoxes({
  scopes,
  onChange,
  error,
}: {
  scopes: readonly string[];
  onChange: (scopes: string[]) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Scopes</legend>
      {API_SCOPE_NAMES.map((scope) => (
        <Checkbox
          key={scope}
          label={
            <span>
              <code className="text-xs">{scope}</code>: {API_SCOPES[scope]}
            </span>
          }
          checked={scopes.includes(scope)}
          onCheckedChange={(checked) =>
            onChange(checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))
          }
        />
      ))}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
