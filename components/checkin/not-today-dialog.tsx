"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notTodayConfirmation, notTodayKind } from "@/lib/checkin/chips";
import { longDay } from "./date-notices";

interface Question {
  count: number;
  date: string;
  answer: (yes: boolean) => void;
}

/**
 * The question asked before checking in on a date that is not today (spec §4: proactive / retroactive).
 * `confirmDate` answers at once for today; otherwise it waits for the dialog.
 */
export function useNotTodayConfirm(today: string | undefined) {
  const [question, setQuestion] = useState<Question | null>(null);

  /** Whether checking in `count` students for `forDate` may go ahead: asked first when it is not today. */
  function confirmDate(count: number, forDate: string | undefined): Promise<boolean> {
    if (!forDate || !today || !notTodayKind(forDate, today)) return Promise.resolve(true);
    return new Promise((resolve) => setQuestion({ count, date: forDate, answer: resolve }));
  }

  function answer(yes: boolean) {
    question?.answer(yes);
    setQuestion(null);
  }

  return { confirmDate, question, answer };
}

/** "Check in 3 students for Thursday, November 26?" with Check in / Cancel. */
export function NotTodayDialog({
  question,
  today,
  onAnswer,
}: {
  question: Question | null;
  today: string | undefined;
  onAnswer: (yes: boolean) => void;
}) {
  const kind = question && today ? notTodayKind(question.date, today) : null;
  const asked = question && kind ? notTodayConfirmation(question.count, longDay(question.date), kind) : null;
  if (!question || !asked) return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
      title={asked.title}
      description={asked.description}
      confirmLabel={asked.confirmLabel}
      onConfirm={() => onAnswer(true)}
    />
  );
}
