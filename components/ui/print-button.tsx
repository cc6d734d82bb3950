"use client";

import { Printer } from "lucide-react";
import { Button, type ButtonProps } from "./button";

/**
 * "Print": the browser's print dialog for the page as it is. The print stylesheet (app/globals.css,
 * `@media print`) drops the rail, the buttons and anything marked `print:hidden`, and heads each page
 * with the school's name and the date. The button itself never prints.
 */
export function PrintButton({ children = "Print", className, ...props }: Omit<ButtonProps, "onClick">) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={["print:hidden", className].filter(Boolean).join(" ")}
      onClick={() => window.print()}
      {...props}
    >
      <Printer aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
