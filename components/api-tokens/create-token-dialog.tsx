"use client";

import { SelectField } from "@/components/people/select-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { API_SCOPES, API_SCOPE_NAMES } from "@/lib/api-tokens/scopes";
import {
  LIFETIMES,
  LIFETIME_NAMES,
  useCreateToken,
  type CreatedToken,
  type Lifetime,
} from "./use-create-token";

/** "Create an API token": name, scopes, expiry and the administrator's password. */
// eslint-disable-next-line max-lines-per-function -- the create form's fields in order; shortens when it moves to react-hook-form
export function CreateDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedToken) => void;
}) {
  const { fields, status, actions } = useCreateToken(onOpenChange, onCreated);
  const { name, setName, scopes, setScopes, password, setPassword, lifetime, setLifetime, until, setUntil } = fields;
  const { errors, saving } = status;
  const { change, submit } = actions;

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
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={100}
          required
          placeholder="Student information system"
          autoComplete="off"
        />
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
                setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)))
              }
            />
          ))}
          {errors.scopes && <p className="text-sm text-red-700">{errors.scopes}</p>}
        </fieldset>
        <SelectField
          label="Expires after"
          options={LIFETIME_NAMES}
          value={lifetime}
          onChange={(e) => setLifetime(e.target.value as Lifetime)}
          error={errors.expires_in_days}
        />
        {LIFETIMES[lifetime] === null && (
          <TextField
            label="Expires on"
            type="date"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            error={errors.expires_on}
            hint="At most two years from today. The token stops working at the end of that day (UTC)."
            required
          />
        )}
        <TextField
          label="Your password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint="A token keeps working after you sign out, so creating one needs your password."
          required
          autoComplete="current-password"
        />
      </form>
    </Dialog>
  );
}
