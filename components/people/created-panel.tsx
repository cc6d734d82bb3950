"use client";

import { Check, Copy } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";

/**
 * After a single add: the spec's success message with a See Profile link, and the new account's
 * initial password — shown this once, with a copy button (docs/design/accounts.md#new-accounts-and-initial-passwords).
 */
export function CreatedPanel({
  message,
  name,
  username,
  password,
  profileHref,
  onAnother,
  onDone,
}: {
  message: string;
  name: string;
  username: string;
  password: string;
  profileHref: string;
  onAnother: () => void;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="flex flex-col gap-4" data-testid="created-panel">
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-800">
        <Check aria-hidden className="size-4" /> {message}
      </p>
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
        <p className="text-sm text-slate-800">
          <span className="font-medium">{name}</span> signs in as{" "}
          <span className="font-mono">{username}</span> with this initial password. It is shown only now; they
          must change it when they first sign in.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <code
            data-testid="initial-password"
            className="rounded bg-white px-3 py-1.5 font-mono text-base text-slate-900 ring-1 ring-amber-200"
          >
            {password}
          </code>
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden className="size-4" /> {copied ? "Copied" : "Copy password"}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onAnother}>
          Add another
        </Button>
        <Link href={profileHref} className={buttonClasses({ variant: "secondary" })}>
          See Profile
        </Link>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
