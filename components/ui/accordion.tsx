"use client";

import * as RadixAccordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

export interface AccordionItem {
  value: string;
  title: ReactNode;
  subtitle?: ReactNode;
  content: ReactNode;
}

/** Sections of which one is open at a time (`value`/`onValueChange` to control it; "" means none). */
export function Accordion({
  items,
  value,
  defaultValue,
  onValueChange,
  headingLevel = 3,
  className,
}: {
  items: AccordionItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      className={cn(
        "divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm",
        className,
      )}
    >
      {items.map((item) => (
        <RadixAccordion.Item key={item.value} value={item.value}>
          <RadixAccordion.Header asChild>
            <Heading>
              <RadixAccordion.Trigger
                className={cn(
                  "group flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-slate-50",
                  focusRing,
                  "focus-visible:-outline-offset-2",
                )}
              >
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900">{item.title}</span>
                  {item.subtitle && (
                    <span className="mt-0.5 block text-sm font-normal text-slate-600">{item.subtitle}</span>
                  )}
                </span>
                <ChevronDown
                  aria-hidden
                  className="size-4 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="border-t border-slate-100 bg-white px-5 py-4">
            {item.content}
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
