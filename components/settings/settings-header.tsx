import { KeyRound, Lock, Mail, MessageSquareText } from "lucide-react";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

/** The settings page's title, with the administrators' tools or, for everyone else, the read-only note. */
export function SettingsHeader({ canEdit, onFeedback }: { canEdit: boolean; onFeedback: () => void }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description={canEdit ? "Changes apply to everyone at your school." : "Settings for your school."}
        actions={
          canEdit && (
            <>
              <Link href="/settings/email" className={buttonClasses({ variant: "secondary" })}>
                <Mail aria-hidden className="size-4" />
                Email log
              </Link>
              <Link href="/api-tokens" className={buttonClasses({ variant: "secondary" })}>
                <KeyRound aria-hidden className="size-4" />
                API tokens
              </Link>
              <Button variant="secondary" onClick={onFeedback}>
                <MessageSquareText aria-hidden className="size-4" />
                Feedback received
              </Button>
            </>
          )
        }
      />
      {!canEdit && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <Lock aria-hidden className="size-4 text-slate-500" />
          Only administrators can change settings.
        </p>
      )}
    </>
  );
}
