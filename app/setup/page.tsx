import { notFound } from "next/navigation";
import { getDb } from "@/lib/setup/boot.server";
import { SetupChecklistPage } from "@/components/setup/setup-checklist-page";
import { SetupScreen } from "@/components/setup/setup-screen";
import { setupPageIsOpen } from "@/lib/setup/link-check.server";

export const dynamic = "force-dynamic";

/**
 * /setup?token=: the first run, only for a live one-time link. /setup: the setup checklist for a signed-in
 * administrator once the school has an account (none yet: no such page). proxy.ts answers the 404s with
 * their status; this repeats the check for a page rendered without it.
 */
export default async function SetupPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const value = token === undefined ? null : typeof token === "string" ? token : "";
  if (!(await setupPageIsOpen(value, await getDb()))) notFound();
  return value === null ? <SetupChecklistPage /> : <SetupScreen token={value} />;
}
