"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/** Setting the device up: paste the token an administrator was shown, or open the setup link. */
export function KioskSetup({ onToken, problem }: { onToken: (token: string) => void; problem: string | null }) {
  const [value, setValue] = useState("");
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Set up this kiosk</h1>
      <p className="text-slate-700">
        An administrator registers kiosks under Kiosks in Flexblock. Open the setup link they were shown on this
        device, or paste the device token here.
      </p>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <TextField label="Device token" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono" />
        <Button type="submit" size="lg">
          Start kiosk
        </Button>
      </form>
    </main>
  );
}

