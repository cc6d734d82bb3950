"use client";

import { ChevronRight, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { focusRing } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";
import type { RememberedUser } from "@/lib/storage.client";

/** The usernames remembered on this device: pick one to go to the password step, or remove it. */
export function RememberedUsers({
  users,
  onPick,
  onRemove,
}: {
  users: RememberedUser[];
  onPick: (user: RememberedUser) => void;
  onRemove: (user: RememberedUser) => void;
}) {
  const t = useTranslations("login.remembered");
  return (
    <ul aria-label={t("listLabel")} className="flex flex-col gap-2">
      {users.map((user) => (
        <li
          key={user.username}
          className="group relative flex items-center rounded-lg border border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50"
        >
          <button
            type="button"
            onClick={() => onPick(user)}
            aria-label={t("signInAs", { username: user.username })}
            className={cn(
              "flex min-w-0 flex-1 items-center gap-3 rounded-lg py-2.5 pr-12 pl-3 text-left",
              focusRing,
            )}
          >
            <Avatar initials={user.initials} color={user.color} size="sm" />
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
              {user.username}
            </span>
            <ChevronRight aria-hidden className="size-4 text-slate-400" />
          </button>
          <IconButton
            label={t("remove", { username: user.username })}
            icon={<X className="size-4" />}
            size="sm"
            className="absolute right-1.5"
            onClick={() => onRemove(user)}
          />
        </li>
      ))}
    </ul>
  );
}
