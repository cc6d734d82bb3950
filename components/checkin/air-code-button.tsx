"use client";

import { QrCode } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { AirCodeView } from "./air-code-view";

/** "Show code" on the check-in screen (staff with a Focus Block of their own; sysadmins have none). */
export function AirCodeButton() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (user?.role !== "teacher" && user?.role !== "admin") return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <QrCode aria-hidden className="size-4" />
        Show code
      </Button>
      <AirCodeView open={open} onOpenChange={setOpen} />
    </>
  );
}
