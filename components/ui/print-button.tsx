"use client";

import { Printer } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button, buttonClasses, type ButtonProps } from "./button";

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

/** A link to a printable view ("Print list"), where a screen offers one; it never prints itself. */
export function PrintViewLink({
  href,
  children = "Print",
  className,
}: {
  href: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={buttonClasses({
        variant: "secondary",
        size: "sm",
        className: cn("print:hidden", className),
      })}
    >
      <Printer aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
