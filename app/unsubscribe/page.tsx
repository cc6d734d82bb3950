import { UnsubscribeScreen } from "@/components/unsubscribe/unsubscribe-screen";
import { unsubscribeState } from "@/lib/reach/unsubscribe.server";
import { getDb } from "@/lib/setup/boot.server";

export const dynamic = "force-dynamic";

export const metadata = { robots: { index: false } };

/**
 * /unsubscribe?token=: the page an email's "Stop …" link opens, without sign-in. Opening it changes
 * nothing (a link scanner that fetches every link in a message must not unsubscribe anyone): the
 * person presses Unsubscribe, which POSTs like a mail client's one-click does, and may undo it.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token.slice(0, 1000) : "";
  const state = value ? await unsubscribeState(await getDb(), value) : null;
  return <UnsubscribeScreen token={value} initial={state} />;
}
