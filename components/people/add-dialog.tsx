"use client";

import { UserPlus } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Tabs } from "@/components/ui/tabs";

/**
 * The Add Staff / Add Student dialog (spec §2): tabs Single and File Upload. The tab contents get a
 * `close` so they can end the dialog themselves (Done, See Profile).
 */
export function AddDialog({
  what,
  single,
  upload,
}: {
  what: "Staff" | "Student";
  single: (close: () => void) => ReactNode;
  /** The File Upload tab; without it the dialog is the Single form alone (a teacher adding a student). */
  upload?: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // A new key each time the dialog opens: it starts from the Single tab with an empty form.
  const [session, setSession] = useState(0);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        onClick={() => {
          setSession((n) => n + 1);
          setOpen(true);
        }}
      >
        <UserPlus aria-hidden className="size-4" /> Add {what}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Add ${what}`} size="xl">
        {upload ? (
          <Tabs
            key={session}
            label={`How to add ${what === "Staff" ? "staff" : "students"}`}
            items={[
              { value: "single", label: "Single", content: single(close) },
              { value: "upload", label: "File Upload", content: upload(close) },
            ]}
          />
        ) : (
          <div key={session}>{single(close)}</div>
        )}
      </Dialog>
    </>
  );
}
