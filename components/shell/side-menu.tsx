"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useSignedInUser } from "@/components/auth/use-auth";
import { schoolBrand } from "@/components/auth/types";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { isActive, navItemsFor } from "./nav-items";
import { SchoolBrand } from "./school-brand";

/** The school's brand and the screens this user may open. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user, settings } = useSignedInUser();
  const pathname = usePathname();
  const brand = schoolBrand(settings);
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-slate-200 px-4 py-4">
        <SchoolBrand name={brand.name} logo={brand.logo} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
        <ul className="flex flex-col gap-0.5">
          {navItemsFor(user.role).map(({ href, label, icon: Icon }) => {
            const active = isActive(href, pathname);
            return (
              <li key={href}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    active
                      ? "bg-indigo-50 text-indigo-800"
                      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    focusRing,
                  )}
                >
                  <Icon aria-hidden className={cn("size-4", active ? "text-indigo-600" : "text-slate-500")} />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
