"use client";

import { CircleHelp, KeyRound, LogOut } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { ChangePasswordDialog } from "@/components/auth/change-password-dialog";
import { schoolBrand } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { AirCodeEntry } from "@/components/checkin/air-code-entry";
import { SchoolBrand } from "@/components/shell/school-brand";
import { StudentToDo } from "@/components/placement/student-to-do";
import { Button, buttonClasses } from "@/components/ui/button";
import { StudentProfileView } from "./student-profile";

/**
 * /profile: the student's own screen (the only one students have): who they are, their week with the
 * plan control in each flex block, Help (the pages written for students), Change Password and Sign Out.
 */
export function StudentSelfProfile() {
  const { settings, signOut } = useSignedInUser();
  const brand = schoolBrand(settings);
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <SchoolBrand name={brand.name} logo={brand.logo} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <StudentToDo />
        <AirCodeEntry />
        <StudentProfileView
          who="self"
          fallbackTitle="Profile"
          title="Profile"
          actions={
            <>
              <Link href="/help" className={buttonClasses({ variant: "secondary" })}>
                <CircleHelp aria-hidden className="size-4" />
                Help
              </Link>
              <Button variant="secondary" onClick={() => setChangingPassword(true)}>
                <KeyRound aria-hidden className="size-4" />
                Change Password
              </Button>
              <Button variant="secondary" onClick={() => void signOut("user")}>
                <LogOut aria-hidden className="size-4" />
                Sign Out
              </Button>
            </>
          }
        />
        <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      </main>
    </div>
  );
}
