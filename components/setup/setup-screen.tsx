"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/use-auth";
import { FlexblockMark } from "@/components/auth/flexblock-mark";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/components/ui/page-title";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost } from "@/lib/api/client";
import { setupForm, type SetupFormInput, type SetupFormValues } from "./setup-form-schema";

const FIELDS = ["school_name", "timezone", "name", "email", "password"] as const;
const FAILED = "That didn't work. Please try again.";

let knownZones: { own: string; all: string[] } | undefined;
const NO_ZONES = { own: "", all: [] as string[] };

/** The browser's own zone, and every zone it knows, for the searchable list (the server renders none). */
function timeZones(): { own: string; all: string[] } {
  if (knownZones) return knownZones;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [own];
  knownZones = { own, all: all.includes(own) ? all : [own, ...all] };
  return knownZones;
}
const unchanging = () => () => {};

/**
 * First run: the one-time setup link's page. Names the school and its time zone, creates the first
 * administrator with a password they choose, signs them in and opens the setup checklist.
 */
export function SetupScreen({ token }: { token: string }) {
  usePageTitle("Set up your school");
  const { acceptToken } = useAuth();
  const router = useRouter();
  // The browser's zone and list, in the browser only (the server's render would name the server's zone).
  const zones = useSyncExternalStore(unchanging, timeZones, () => NO_ZONES);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SetupFormInput, unknown, SetupFormValues>({
    resolver: zodResolver(setupForm),
    defaultValues: { school_name: "", timezone: "", name: "", email: "", password: "", confirmation: "" },
  });
  useEffect(() => {
    if (zones.own && !getValues("timezone")) setValue("timezone", zones.own);
  }, [zones.own, getValues, setValue]);

  const submit = handleSubmit(async ({ confirmation: _, ...values }) => {
    setFormError(null);
    try {
      const session = await apiPost<{ access_token: string }>("/api/setup", { token, ...values });
      await acceptToken(session.access_token);
      // The setup checklist: what the new school needs next.
      router.replace("/setup");
    } catch (error) {
      const apiError = error instanceof ApiClientError ? error : null;
      const placed = FIELDS.filter((field) => apiError?.fieldError(field));
      for (const field of placed) setError(field, { message: apiError!.fieldError(field)! });
      if (placed.length === 0) setFormError(apiError?.message ?? FAILED);
    }
  });

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-slate-50 via-slate-50 to-indigo-50/60 px-4 py-10">
      <div className="w-full max-w-lg">
        <div className="mb-6 flex items-center justify-center gap-2 text-slate-900">
          <FlexblockMark className="size-8" />
          <span className="text-lg font-semibold">Flexblock</span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
          <h1 className="mb-1 text-xl font-semibold tracking-tight text-slate-900">Set up your school</h1>
          <p className="mb-6 text-sm text-slate-600">
            This link works once. It creates the first administrator, who then adds the calendar, staff and
            students.
          </p>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
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
                {zones.all.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 text-sm font-semibold text-slate-900">
                The first administrator (you)
              </legend>
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
            {formError && (
              <p
                role="alert"
                className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
              >
                {formError}
              </p>
            )}
            <Button type="submit" loading={isSubmitting} className="self-end">
              Create school
            </Button>
          </form>
        </div>
      </div>
    </main>
  );
}
