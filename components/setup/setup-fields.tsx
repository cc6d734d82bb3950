import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import type { SetupFormInput } from "./setup-form-schema";

interface FieldsProps {
  register: UseFormRegister<SetupFormInput>;
  errors: FieldErrors<SetupFormInput>;
}

/** The school's name and time zone (typed, with every zone the browser knows to choose from). */
export function SchoolFields({ register, errors, zones }: FieldsProps & { zones: string[] }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Your school</legend>
      <TextField
        label="School name"
        required
        autoComplete="organization"
        error={errors.school_name?.message}
        {...register("school_name")}
      />
      <TextField
        label="Time zone"
        required
        list="setup-time-zones"
        autoComplete="off"
        spellCheck={false}
        hint="Every date and time in Flexblock uses it. Type to search, for example Toronto."
        error={errors.timezone?.message}
        {...register("timezone")}
      />
      <datalist id="setup-time-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </fieldset>
  );
}

/** The first administrator: name, email to sign in with, and a password typed twice. */
export function AdministratorFields({ register, errors }: FieldsProps) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900">The first administrator (you)</legend>
      <TextField
        label="Your name"
        required
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="username"
        hint="You sign in with it."
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint="At least 8 characters. Common passwords and your own name are refused."
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        label="Confirm password"
        type="password"
        required
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register("confirmation")}
      />
    </fieldset>
  );
}
