"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A menu opened by a trigger (a button that accepts a ref). Put MenuItem, MenuLabel, MenuSeparator inside. */
export function DropdownMenu({
  trigger,
  children,
  side = "bottom",
  align = "start",
  className,
}: {
  trigger: ReactNode;
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  className?: string;
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={8}
          className={cn(
            "z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg",
            "data-[state=open]:animate-[fade-in_120ms_ease-out]",
            className,
          )}
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const itemClasses =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50";

/** A menu entry: `onSelect` for actions; for navigation pass `asChild` with a Link inside. */
export function MenuItem({
  children,
  onSelect,
  icon,
  asChild,
  disabled,
  destructive,
}: {
  children: ReactNode;
  onSelect?: () => void;
  icon?: ReactNode;
  asChild?: boolean;
  disabled?: boolean;
  destructive?: boolean;
}) {
  if (asChild) {
    return (
      <Menu.Item asChild disabled={disabled} className={cn(itemClasses, destructive && "text-red-700")}>
        {children}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item
      onSelect={onSelect}
      disabled={disabled}
      className={cn(itemClasses, destructive && "text-red-700")}
    >
      {icon && (
        <span aria-hidden className="text-slate-500 [&_svg]:size-4">
          {icon}
        </span>
      )}
      {children}
    </Menu.Item>
  );
}

/** Non-interactive content at the top of a menu (who is signed in). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-2.5 py-2">{children}</Menu.Label>;
}

export function MenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-slate-200" />;
}

/** A labelled set of choices of which one is on (the account menu's languages). */
export function MenuRadioGroup({
  label,
  value,
  onValueChange,
  children,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Menu.Group aria-label={label}>
      <Menu.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-slate-600">{label}</Menu.Label>
      <Menu.RadioGroup value={value} onValueChange={onValueChange}>
        {children}
      </Menu.RadioGroup>
    </Menu.Group>
  );
}

export function MenuRadioItem({ value, lang, children }: { value: string; lang?: string; children: ReactNode }) {
  return (
    <Menu.RadioItem value={value} lang={lang} className={itemClasses}>
      <span aria-hidden className="flex size-4 items-center justify-center">
        <Menu.ItemIndicator>
          <Check className="size-4 text-indigo-600" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  );
}
