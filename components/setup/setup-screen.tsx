"use client";

import { FlexblockMark } from "@/components/auth/flexblock-mark";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/components/ui/page-title";
import { AdministratorFields, SchoolFields } from "./setup-fields";
import { useSetupForm } from "./use-setup-form";

/**
 * First run: the one-time setup link's page. Names the school and its time zone, creates the first
 * administrator with a password they choose, signs them in and opens the setup checklist.
 */
export function SetupScreen({ token }: { token: string }) {
  usePageTitle("Set up your school");
  const { zones, register, errors, isSubmitting, formError, submit } = useSetupForm(token);

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
            <SchoolFields register={register} errors={errors} zones={zones} />
            <AdministratorFields register={register} errors={errors} />
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
