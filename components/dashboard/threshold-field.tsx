"use client";

import { useEffect, useRef, useState } from "react";
import { NumberField } from "@/components/ui/text-field";

const valid = (text: string) => /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= 100;

/**
 * "Missed N or more": a whole number from 1 to 100, applied a moment after typing stops (one request,
 * not one per key). `value` is the threshold in use (the URL's, or the API's default).
 */
export function ThresholdField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = typed ?? value;
  const error = typed !== null && !valid(typed) ? "A whole number from 1 to 100." : null;

  function change(next: string) {
    setTyped(next);
    clearTimeout(timer.current);
    if (!valid(next)) return;
    // What was typed stays shown: it is the value from now on.
    timer.current = setTimeout(() => onChange(next), 400);
  }

  return (
    <NumberField
      label={label}
      value={text}
      min={1}
      max={100}
      step={1}
      error={error}
      containerClassName="w-36"
      onChange={(event) => change(event.target.value)}
    />
  );
}
