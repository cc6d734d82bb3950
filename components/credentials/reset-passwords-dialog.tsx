"use client";

import { Check, Copy, Download } from "lucide-react";
import { useState } from "react";
import { downloadText, stampedName } from "@/components/audit/download";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { toCsv } from "@/lib/csv";
import type { ResetPassword } from "@/lib/credentials/service.server";

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    snackbar("Copying is not allowed here. Download the CSV instead.", { tone: "error" });
    return false;
  }
}

/**
 * The temporary passwords of a reset, shown this once: each with a copy button, all of them copied
 * at once (tab-separated, for a spreadsheet), or downloaded as a CSV (a class of 30 at a time).
 */
// eslint-disable-next-line max-lines-per-function -- the shown-once passwords, their copy rules and the download are one dialog
export function ResetPasswordsDialog({
  passwords,
  onClose,
}: {
  passwords: ResetPassword[] | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<number | "all" | null>(null);
  const list = passwords ?? [];

  async function copyOne(entry: ResetPassword) {
    if (await copy(entry.password)) setCopied(entry.user_id);
  }
  async function copyAll() {
    const lines = list.map((p) => [p.name, p.username, p.password].join("\t")).join("\n");
    if (await copy(lines)) setCopied("all");
  }
  function download() {
    const rows = list.map((p) => [p.name, p.username, p.display_role, p.password]);
    downloadText(
      stampedName("temporary-passwords"),
      toCsv([["Name", "Username", "Account type", "Temporary password"], ...rows]),
    );
  }

  return (
    <Dialog
      open={passwords !== null}
      // Only Done closes it: a stray Escape or click outside would lose passwords that cannot be shown again.
      onOpenChange={() => {}}
      title="Temporary passwords"
      description="These are shown only this once: copy or download them before you press Done. Each person signs in with theirs and must then choose a new password."
      size="lg"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={copyAll}>
            {copied === "all" ? (
              <Check aria-hidden className="size-4" />
            ) : (
              <Copy aria-hidden className="size-4" />
            )}
            {copied === "all" ? "Copied" : "Copy all"}
          </Button>
          <Button variant="secondary" onClick={download}>
            <Download aria-hidden className="size-4" /> Download CSV
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Temporary passwords</caption>
        <thead className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Name
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              Username
            </th>
            <th scope="col" className="py-2 pr-3">
              Temporary password
            </th>
            <th scope="col" className="w-10 py-2">
              <span className="sr-only">Copy</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {list.map((entry) => (
            <tr key={entry.user_id}>
              <td className="py-2 pr-3 text-slate-900">
                {entry.name}
                <span className="block text-xs text-slate-600 sm:hidden">{entry.username}</span>
              </td>
              <td className="hidden py-2 pr-3 text-slate-700 sm:table-cell">{entry.username}</td>
              <td
                className="py-2 pr-3 font-mono text-slate-900"
                data-testid={`temporary-password-${entry.username}`}
              >
                {entry.password}
              </td>
              <td className="py-1">
                <IconButton
                  label={
                    copied === entry.user_id
                      ? `Copied ${entry.name}'s password`
                      : `Copy ${entry.name}'s password`
                  }
                  icon={copied === entry.user_id ? <Check className="size-4" /> : <Copy className="size-4" />}
                  size="sm"
                  onClick={() => copyOne(entry)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
