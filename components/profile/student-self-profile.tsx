"use client";

import { CircleHelp, KeyRound, LogOut } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChangePasswordDialog } from "@/components/auth/change-password-dialog";
import { useSignedInUser } from "@/components/auth/use-auth";
import { AirCodeEntry } from "@/components/checkin/air-code-entry";
import { StudentHeader } from "@/components/shell/student-header";
import { StudentToDo } from "@/components/placement/student-to-do";
import { NotificationSettings } from "@/components/reach/notification-settings";
import { Button, buttonClasses } from "@/components/ui/button";
import { StandingChoices } from "./standing-choices";
import { StudentMessages } from "./student-messages";
import { StudentProfileView } from "./student-profile";

/**
 * /profile: the student's own screen (the only one students have): who they are, their week with the
 * plan control in each flex block, Help (the pages written for students), Change Password and Sign Out,
 * and their Notifications (push on this device, email and push per kind).
 */
export function StudentSelfProfile() {
  const { signOut } = useSignedInUser();
  const [changingPassword, setChangingPassword] = useState(false);
  const t = useTranslations("student.page");
  return (
    <div className="min-h-dvh">
      <StudentHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <StudentMessages />
        <StudentToDo />
        <AirCodeEntry />
        <StudentProfileView
          who="self"
          fallbackTitle={t("title")}
          title={t("title")}
          actions={
            <>
              <Link href="/help" className={buttonClasses({ variant: "secondary" })}>
                <CircleHelp aria-hidden className="size-4" />
                {t("helpLink")}
              </Link>
              <Button variant="secondary" onClick={() => setChangingPassword(true)}>
                <KeyRound aria-hidden className="size-4" />
                {t("changePasswordButton")}
              </Button>
              <Button variant="secondary" onClick={() => void signOut("user")}>
                <LogOut aria-hidden className="size-4" />
                {t("signOutButton")}
              </Button>
            </>
          }
        />
        <StandingChoices />
        <NotificationSettings />
        <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      </main>
    </div>
  );
}
