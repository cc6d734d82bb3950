"use client";

import { useCallback, useEffect, useRef } from "react";

/** The scanner's target: the entry field, focused again after each action and when the day changes. */
export function useScanFocus(date: string | null) {
  const inputRef = useRef<HTMLInputElement>(null);
  const refocus = useCallback(() => {
    requestAnimationFrame(() => inputRef.current?.focus());
  }, []);
  useEffect(() => {
    refocus();
  }, [date, refocus]);
  return { inputRef, refocus };
}
