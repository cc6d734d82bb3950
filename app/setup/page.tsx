import { notFound } from "next/navigation";
import { getDb } from "@/lib/setup/boot";
import { SetupScreen } from "@/components/setup/setup-screen";
import { setupLinkIsLive } from "@/lib/setup/first-run";

export const dynamic = "force-dynamic";

/** First run: only a live one-time link opens this page; anything else is a 404. */
export default async function SetupPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : undefined;
  if (!value || !(await setupLinkIsLive(await getDb(), value, new Date()))) notFound();
  return <SetupScreen token={value} />;
}
