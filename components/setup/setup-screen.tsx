"use client";

import { AuthPage } from "@/components/login/auth-page";
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
    <AuthPage title="Set up your school" wide>
      <p className="mb-6 text-sm text-slate-600">
        This link works once. It creates the first administrator, who then adds the calendar, staff and
        students.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <SchoolFields register={register} errors={errors} zones={zones} />
        <AdministratorFields register={register} errors={errors} />
        {formError && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
            {formError}
          </p>
        )}
        <Button type="submit" loading={isSubmitting} className="self-end">
          Create school
        </Button>
      </form>
    </AuthPage>
  );
}
