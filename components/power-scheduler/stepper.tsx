"use client";

import { Check } from "lucide-react";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { cn } from "@/lib/cn";

/**
 * Moves keyboard focus to a heading when `value` changes (not on the first render): the control that
 * moved the stepper on (Next, Back, Submit, Create Another) leaves the page with its step, and focus
 * would otherwise fall to the page's body.
 */
export function useFocusOnChange(value: unknown, heading: RefObject<HTMLElement | null>) {
  const last = useRef(value);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    heading.current?.focus();
  }, [value, heading]);
}

export interface StepItem {
  title: string;
  /** What was chosen, under a finished step's title. */
  summary?: ReactNode;
  /** Shown while the step is the current one. */
  content: ReactNode;
}

/** A vertical stepper: numbered steps down a line, the current one open, finished ones ticked. */
export function VerticalStepper({
  steps,
  active,
  label,
}: {
  steps: StepItem[];
  active: number;
  label: string;
}) {
  const currentHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(active, currentHeading);
  return (
    <ol aria-label={label} className="flex flex-col">
      {steps.map((step, index) => {
        const done = index < active;
        const current = index === active;
        return (
          <li
            key={step.title}
            aria-current={current ? "step" : undefined}
            className="relative flex gap-4 pb-6 last:pb-0"
          >
            {index < steps.length - 1 && (
              <span aria-hidden className="absolute top-9 bottom-1 left-[15px] w-px bg-slate-200" />
            )}
            <span
              aria-hidden
              className={cn(
                "z-10 flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                done && "bg-indigo-600 text-white",
                current && "bg-indigo-600 text-white ring-4 ring-indigo-100",
                !done && !current && "border border-slate-300 bg-white text-slate-600",
              )}
            >
              {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <h2
                ref={current ? currentHeading : undefined}
                tabIndex={current ? -1 : undefined}
                className={cn(
                  "text-base font-semibold focus:outline-none",
                  current || done ? "text-slate-900" : "text-slate-600",
                )}
              >
                <span className="sr-only">{`Step ${index + 1}${done ? ", done" : ""}: `}</span>
                {step.title}
              </h2>
              {done && step.summary && <p className="mt-0.5 text-sm text-slate-600">{step.summary}</p>}
              {current && <div className="mt-3">{step.content}</div>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Back and Next (or another primary action) under a step. */
export function StepButtons({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex flex-wrap items-center gap-2">{children}</div>;
}
