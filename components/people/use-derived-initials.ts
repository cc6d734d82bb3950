"use client";

import { useEffect, useRef } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { initialsOf } from "@/lib/people/names";

type Named = FieldValues & { first_name: string; last_name: string; initials: string };

/**
 * Spec §5: initials follow the first letters of the first and last name until the person edits them.
 * Returns the `onChange` to put on the initials field (it marks them as edited).
 */
export function useDerivedInitials<T extends Named>(form: UseFormReturn<T>, startEdited: boolean) {
  const edited = useRef(startEdited);
  const first = form.watch("first_name" as Path<T>) as string;
  const last = form.watch("last_name" as Path<T>) as string;
  useEffect(() => {
    if (edited.current) return;
    form.setValue("initials" as Path<T>, initialsOf(first ?? "", last ?? "") as PathValue<T, Path<T>>);
  }, [first, last, form]);
  return () => {
    edited.current = true;
  };
}
