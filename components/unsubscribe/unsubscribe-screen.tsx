"use client";

import { useState } from "react";
import { AuthPage } from "@/components/login/auth-page";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/components/ui/page-title";
import { useAction } from "@/components/ui/use-action";
import { apiRequest, messageOf } from "@/lib/api/request.client";

export interface UnsubscribeView {
  address: string;
  what: string;
  unsubscribed: boolean;
  message: string;
}

/** Where a person lands from an email's unsubscribe link: turn that kind off for that address, or back on. */
export function UnsubscribeScreen({ token, initial }: { token: string; initial: UnsubscribeView | null }) {
  usePageTitle("Unsubscribe");
  const [state, setState] = useState(initial);
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const { run: act, busy } = useAction(
    async (method: "POST" | "DELETE") => {
      setError(null);
      setState(
        await apiRequest<UnsubscribeView>(method, `/api/unsubscribe?token=${encodeURIComponent(token)}`),
      );
      setChanged(true);
    },
    {
      // Said on the page, in its alert, not in a snackbar.
      handled: (e) => {
        setError(messageOf(e, "That did not work. Please try again."));
        return true;
      },
    },
  );

  let heading: string;
  let text: string;
  if (!state) {
    heading = "This link is not valid";
    text =
      "This unsubscribe link is not valid: it may have been cut short or changed. Open the link from the email again; nothing was changed.";
  } else if (state.unsubscribed) {
    heading = "You are unsubscribed";
    text = state.message;
  } else if (changed) {
    heading = "You are subscribed again";
    text = state.message;
  } else {
    heading = "Stop these emails?";
    text = `Press Unsubscribe to stop ${state.what} at ${state.address}.`;
  }

  return (
    <AuthPage title={heading} wide>
      <p
        className="mt-2 text-sm text-slate-700"
        role="status"
        aria-live="polite"
        data-testid="unsubscribe-message"
      >
        {text}
      </p>
      {state && state.unsubscribed && (
        <p className="mt-2 text-sm text-slate-600">
          Changed your mind? Undo it and these emails will come again.
        </p>
      )}
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
        >
          {error}
        </p>
      )}
      {state && (
        <div className="mt-6 flex justify-end">
          {state.unsubscribed ? (
            <Button key="undo" variant="secondary" loading={busy} onClick={() => act("DELETE")}>
              Undo
            </Button>
          ) : (
            <Button key="unsubscribe" loading={busy} onClick={() => act("POST")}>
              Unsubscribe
            </Button>
          )}
        </div>
      )}
    </AuthPage>
  );
}
