"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { sameOriginPath } from "@/lib/auth/redirect";
import { Splash } from "./splash";
import { byChoice, type Role } from "./types";
import { useAuth } from "./use-auth";

/**
 * A path we may send the user back to after sign-in: a path of this site (lib/auth/redirect.ts), written
 * as one ("/…"), and not the login screen itself.
 */
export function safeOrigin(value: string | null | undefined, origin = currentOrigin()): string | null {
  if (!value?.startsWith("/")) return null;
  const path = sameOriginPath(value, origin);
  return path && !path.startsWith("/login") ? path : null;
}

const currentOrigin = () => (typeof window === "undefined" ? "http://localhost" : window.location.origin);

/**
 * Where the login screen sends a user after sign-in. A student always lands on their own page, with the
 * week and block a reminder's link asked for (/profile?date=…&block=…), never on a page someone else
 * was on at this shared computer.
 */
export function homeFor(role: Role, origin: string | null): string {
  if (role === "student") return origin && /^\/profile(\?|$)/.test(origin) ? origin : "/profile";
  return origin && origin !== "/profile" ? origin : "/";
}

/**
 * Renders its children only for a signed-in user with one of `roles`. Signed out: to the login
 * screen, remembering where they were. Another role: to `elsewhere`.
 */
export function AuthGate({
  roles,
  elsewhere,
  children,
}: {
  roles: readonly Role[];
  elsewhere: string;
  children: ReactNode;
}) {
  const { status, user, signOutReason } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  const allowed = status === "signed-in" && user !== null && roles.includes(user.role);

  useEffect(() => {
    if (status === "signed-out") {
      if (byChoice(signOutReason)) {
        router.replace("/login");
        return;
      }
      const origin = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      router.replace(origin === "/" ? "/login" : `/login?from=${encodeURIComponent(origin)}`);
    } else if (status === "signed-in" && user && !roles.includes(user.role)) {
      router.replace(elsewhere);
    }
  }, [status, user, roles, elsewhere, router, pathname, signOutReason]);

  return allowed ? children : <Splash />;
}
