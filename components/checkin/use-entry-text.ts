"use client";

import { useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { hasSeparator, SEPARATOR_KEYS, splitEntries } from "@/lib/checkin/chips";

/**
 * The text being typed in 'Scan or Enter', turned into entries as it is finished: Enter, comma and space
 * finish an entry; a paste is split on commas, spaces and new lines; Ctrl/Cmd+Enter submits.
 */
export function useEntryText(onAdd: (values: string[]) => void, onSubmit: (typed: string[]) => void) {
  const [text, setText] = useState("");

  function finish(value: string) {
    const values = splitEntries(value);
    if (values.length > 0) onAdd(values);
  }

  function submit() {
    const typed = splitEntries(text);
    setText("");
    onSubmit(typed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    if (SEPARATOR_KEYS.has(event.key)) {
      event.preventDefault();
      finish(text);
      setText("");
    }
  }

  // Mobile keyboards and some scanners deliver separators only through the value.
  function onChange(value: string) {
    if (!hasSeparator(value)) {
      setText(value);
      return;
    }
    const parts = value.split(/[\s,;]+/);
    const rest = parts.pop() ?? "";
    finish(parts.join(","));
    setText(rest);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const before = text.slice(0, input.selectionStart ?? text.length);
    const after = text.slice(input.selectionEnd ?? text.length);
    finish(`${before}${pasted}${after}`);
    setText("");
  }

  return { text, submit, onKeyDown, onChange, onPaste };
}
