"use client";

import { Bell, KeyRound, LogOut, Settings, UserRound } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { ChangePasswordDialog } from "@/components/auth/change-password-dialog";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { DropdownMenu, MenuItem, MenuLabel, MenuSeparator } from "@/components/ui/dropdown-menu";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";

/** The signed-in user's profile link for their account type; sysadmins have none. */
export function profileHref(user: { account_type: string; details: { id: number } }): string | null {
  if (user.account_type === "staff") return `/staff/${user.details.id}`;
  if (user.account_type === "student") return `/students/${user.details.id}`;
  return null;
}

/** Display name, display role (a badge for sysadmins), Profile, Notifications, Settings, Change Password and Sign Out. */
export function AccountMenu({ side = "right" }: { side?: "right" | "bottom" }) {
  const { user, signOut } = useSignedInUser();
  const profile = profileHref(user);
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <DropdownMenu
        side={side}
        align="end"
        trigger={
          <button
            type="button"
            aria-label={`Account: ${user.display_name}`}
            className={cn("rounded-full", focusRing)}
          >
            <Tooltip content="Account" side={side === "right" ? "right" : "bottom"}>
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
              Profile
            </Link>
          </MenuItem>
        )}
        <MenuItem asChild>
          <Link href="/notifications">
            <Bell aria-hidden className="size-4 text-slate-500" />
            Notifications
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden className="size-4 text-slate-500" />
            Settings
          </Link>
        </MenuItem>
        <MenuItem icon={<KeyRound />} onSelect={() => setChangingPassword(true)}>
          Change Password
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={<LogOut />} onSelect={() => void signOut("user")}>
          Sign Out
        </MenuItem>
      </DropdownMenu>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}
