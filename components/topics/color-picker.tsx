"use client";

import * as RadioGroup from "@radix-ui/react-radio-group";
import { Check } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { TOPIC_COLORS } from "./palette";

/** The 18 palette colours as a radio group of swatches (arrow keys move between them). */
export function ColorPicker({
  value,
  onChange,
  label = "Colour",
}: {
  value: string;
  onChange: (color: string) => void;
  label?: string;
}) {
  const id = useId();
  const current = TOPIC_COLORS.find((c) => c.name === value);
  return (
    <div className="flex flex-col gap-1.5">
      <p id={id} className="text-sm font-medium text-slate-800">
        {label}
        {current && <span className="ml-1.5 font-normal text-slate-600">{current.label}</span>}
      </p>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        onValueChange={onChange}
        orientation="horizontal"
        loop
        className="grid grid-cols-9 gap-2 sm:flex sm:flex-wrap"
      >
        {TOPIC_COLORS.map((color) => (
          <RadioGroup.Item
            key={color.name}
            value={color.name}
            aria-label={color.label}
            className={cn(
              "flex size-7 items-center justify-center rounded-full ring-offset-2 transition",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
              "data-[state=checked]:ring-2 data-[state=checked]:ring-slate-900",
            )}
            style={{ backgroundColor: color.hex }}
          >
            <RadioGroup.Indicator>
              <Check aria-hidden className="size-4 text-white" strokeWidth={3} />
            </RadioGroup.Indicator>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
