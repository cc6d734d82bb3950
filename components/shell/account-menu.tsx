"use client";

import { Bell, KeyRound, LogOut, Settings, UserRound } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { ChangePasswordDialog } from "@/components/auth/change-password-dialog";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { DropdownMenu, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator } from "@/components/ui/dropdown-menu";
import { useOfferedLocales } from "@/components/i18n/locale-options";
import { useChangeLocale } from "@/components/i18n/use-change-locale";
import { LOCALE_NAMES, type AppLocale } from "@/lib/i18n/locales";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";

/** The signed-in user's profile link for their account type; sysadmins have none. */
export function profileHref(user: { account_type: string; details: { id: number } }): string | null {
  if (user.account_type === "staff") return `/staff/${user.details.id}`;
  if (user.account_type === "student") return `/students/${user.details.id}`;
  return null;
}

/** Display name, display role (a badge for sysadmins), Profile, Notifications, Settings, Language, Change Password and Sign Out. */
export function AccountMenu({ side = "right" }: { side?: "right" | "bottom" }) {
  const { user, signOut } = useSignedInUser();
  const profile = profileHref(user);
  const [changingPassword, setChangingPassword] = useState(false);
  const t = useTranslations("account");
  return (
    <>
      <DropdownMenu
        side={side}
        align="end"
        trigger={
          <button
            type="button"
            aria-label={t("button", { name: user.display_name })}
            className={cn("rounded-full", focusRing)}
          >
            <Tooltip content={t("tooltip")} side={side === "right" ? "right" : "bottom"}>
              <span className="inline-flex">
                <Avatar initials={user.initials} color={user.color} size="sm" />
              </span>
            </Tooltip>
          </button>
        }
      >
        <MenuLabel>
          <div className="flex items-center gap-3">
            <Avatar initials={user.initials} color={user.color} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{user.display_name}</p>
              {user.role === "sysadmin" ? (
                <Badge tone="dark" className="mt-1">
                  {user.display_role}
                </Badge>
              ) : (
                <p className="text-xs text-slate-600">{user.display_role}</p>
              )}
            </div>
          </div>
        </MenuLabel>
        <MenuSeparator />
        {profile && (
          <MenuItem asChild>
            <Link href={profile}>
              <UserRound aria-hidden className="size-4 text-slate-500" />
              {t("profile")}
            </Link>
          </MenuItem>
        )}
        <MenuItem asChild>
          <Link href="/notifications">
            <Bell aria-hidden className="size-4 text-slate-500" />
            {t("notifications")}
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden className="size-4 text-slate-500" />
            {t("settings")}
          </Link>
        </MenuItem>
        <MenuItem icon={<KeyRound />} onSelect={() => setChangingPassword(true)}>
          {t("changePassword")}
        </MenuItem>
        <MenuSeparator />
        <LanguageItems />
        <MenuSeparator />
        <MenuItem icon={<LogOut />} onSelect={() => void signOut("user")}>
          {t("signOut")}
        </MenuItem>
      </DropdownMenu>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}

/** The languages, the person's own marked: choosing one saves it as their preference. */
function LanguageItems() {
  const t = useTranslations("language");
  const locale = useLocale();
  const offered = useOfferedLocales();
  const change = useChangeLocale();
  return (
    <MenuRadioGroup label={t("label")} value={locale} onValueChange={(value) => void change.run(value as AppLocale)}>
      {offered.map((option) => (
        <MenuRadioItem key={option} value={option} lang={option}>
          {LOCALE_NAMES[option]}
        </MenuRadioItem>
      ))}
    </MenuRadioGroup>
  );
}
