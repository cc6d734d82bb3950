"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/use-auth";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
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
 * The setup form: the time zone filled in with the browser's own, and the submit that posts
 * /api/setup with the one-time token, signs the new administrator in and opens the setup checklist.
 * The server's refusals go under their fields, or above the button when they concern none.
 */
export function useSetupForm(token: string) {
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

  return { zones: zones.all, register, errors, isSubmitting, formError, submit };
}
