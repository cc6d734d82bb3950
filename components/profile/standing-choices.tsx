"use client";

import { Repeat, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useDateWords } from "@/components/i18n/use-date-words";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiDelete, apiPost, fetcher, messageOf } from "@/lib/api/request.client";
import { WEEKDAY_NAMES } from "@/lib/core/schedule/reason";
import { everyWords, type StandingChoiceView, type StandingOutcomeView } from "@/lib/standing/types";
import { dayLabel } from "@/lib/core/time";

export const STANDING_CHOICES_KEY = "/api/students/standing-choices";

interface StandingChoicesList {
  standing_choices: StandingChoiceView[];
  cycle: { kind: "weekly" | "rotation"; day_types: string[] } | null;
  teachers: { id: number; name: string }[];
  today: string;
}

type Field = "pattern" | "staff_id" | "from" | "until" | "form";

/** A date falling on WEEKDAY_NAMES[index] (Jan 4, 2026 is a Sunday), to name the weekday by. */
const dateOfWeekday = (index: number) => new Date(Date.UTC(2026, 0, 4 + index)).toISOString().slice(0, 10);

/** The sentence's words in the page's language: dates, weekdays, and a choice's day ("Day 2", "Monday"). */
function useChoiceWords() {
  const words = useDateWords();
  const weekday = (index: number) =>
    words.date(dateOfWeekday(index), { weekday: "long" }, WEEKDAY_NAMES[index]!);
  return {
    /** `Dec 8, 2026`. */
    date: (date: string) =>
      words.date(date, { day: "numeric", month: "short", year: "numeric" }, dayLabel(date, "").full_date),
    weekday,
    /** The day type as the school named it, or the weekday. */
    every: (choice: StandingChoiceView) =>
      choice.day_type === null && choice.weekday !== null ? weekday(choice.weekday) : everyWords(choice),
  };
}

/** The teacher as the sentence names them ("Ruiz" of "Ruiz, Ana"). */
const teacherWord = (choice: StandingChoiceView) => choice.staff.name.split(", ")[0]!;

/**
 * "My usual choices" on the student's own profile: standing choices such as "every Day 2
 * with Ms. Ruiz", which fill the student's coming Focus Blocks of that day type (or weekday, on a
 * weekly timetable) until the end of the term or a date. Listed, added in one sentence, removed.
 */
export function StandingChoices() {
  const t = useTranslations("student.usualChoices");
  const headingId = useId();
  const list = useSWR<StandingChoicesList>(STANDING_CHOICES_KEY, fetcher);
  const { mutate } = useSWRConfig();
  const data = list.data;

  /** Revalidates the list and every week on screen (the new plans show there). */
  const refresh = async () => {
    await Promise.all([list.mutate(), mutate((key) => typeof key === "string" && key.includes("/schedule"))]);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Repeat aria-hidden className="size-4 text-slate-500" />
        {t("heading")}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">{t("intro")}</p>
      {list.error && !data ? (
        <div className="mt-4">
          <LoadError error={list.error} what="your usual choices" onRetry={() => void list.mutate()} />
        </div>
      ) : !data ? (
        <p className="mt-4 text-sm text-slate-600">{t("loading")}</p>
      ) : (
        <>
          <ChoiceList choices={data.standing_choices} onRemoved={refresh} />
          <AddChoiceForm data={data} onAdded={refresh} />
        </>
      )}
    </section>
  );
}

/** The standing choices, each with Remove (which also takes out its coming plans). */
function ChoiceList({
  choices,
  onRemoved,
}: {
  choices: StandingChoiceView[];
  onRemoved: () => Promise<unknown>;
}) {
  const t = useTranslations("student.usualChoices");
  const words = useChoiceWords();
  const [removing, setRemoving] = useState<number | null>(null);
  const deleteChoice = useAction(async (choice: StandingChoiceView) => {
    const answer = await apiDelete<{ plans_removed: number }>(`${STANDING_CHOICES_KEY}/${choice.id}`);
    const removed = {
      pattern: words.every(choice),
      teacher: teacherWord(choice),
      plans: answer.plans_removed,
    };
    snackbar(t("removedToast", removed), { tone: "success" });
    await onRemoved();
  });

  async function remove(choice: StandingChoiceView) {
    setRemoving(choice.id);
    await deleteChoice.run(choice);
    setRemoving(null);
  }

  if (choices.length === 0) return <p className="mt-4 text-sm text-slate-600">{t("emptyList")}</p>;
  return (
    <ul
      className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200"
      aria-label={t("listLabel")}
    >
      {choices.map((choice) => (
        <li key={choice.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <span className="text-sm text-slate-900">
            <span className="font-medium">
              {t("choiceName", { pattern: words.every(choice), teacher: teacherWord(choice) })}
            </span>{" "}
            <span className="text-slate-600">
              {t("choiceDates", { from: words.date(choice.from), until: words.date(choice.until) })}
            </span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            loading={removing === choice.id}
            onClick={() => void remove(choice)}
            aria-label={t("removeLabel", { pattern: words.every(choice), teacher: teacherWord(choice) })}
          >
            <Trash2 aria-hidden className="size-4" /> {t("removeButton")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** A rotation's day types ("Day 2"); on a weekly timetable its weekdays (matched by the date's weekday). */
function patternChoices(cycle: StandingChoicesList["cycle"], weekday: (index: number) => string) {
  if (cycle?.kind === "rotation")
    return cycle.day_types.map((name) => ({ value: `day_type:${name}`, label: name }));
  return (cycle?.day_types ?? [])
    .map((name) => WEEKDAY_NAMES.findIndex((day) => day.toLowerCase() === name.toLowerCase()))
    .filter((index) => index >= 0)
    .map((index) => ({ value: `weekday:${index}`, label: weekday(index) }));
}

/** POST /api/students/standing-choices's body from the sentence's choices ("day_type:Day 2" or "weekday:3"). */
function choiceBody(pattern: string, staffId: string, from: string, until: string) {
  const [kind, value] = [pattern.slice(0, pattern.indexOf(":")), pattern.slice(pattern.indexOf(":") + 1)];
  const body: Record<string, unknown> = { staff_id: Number(staffId), from };
  if (kind === "day_type") body.day_type = value;
  else body.weekday = Number(value);
  if (until) body.until = until;
  return body;
}

/** The server's 422 placed by the sentence's fields; anything else under the form. */
function placedErrors(failure: unknown, failed: string): Partial<Record<Field, string>> {
  const apiError = failure instanceof ApiClientError && failure.status === 422 ? failure : null;
  const found: Partial<Record<Field, string>> = {
    pattern: apiError?.fieldError("day_type") ?? apiError?.fieldError("weekday"),
    staff_id: apiError?.fieldError("staff_id"),
    from: apiError?.fieldError("from"),
    until: apiError?.fieldError("until"),
  };
  return Object.values(found).some(Boolean) ? found : { form: messageOf(failure, failed) };
}

type Sentence = Record<"pattern" | "staffId" | "from" | "until", string>;

/** "Every [Day 2] with [Ms. Ruiz] from [date] until [date]": adds a standing choice. */
function AddChoiceForm({ data, onAdded }: { data: StandingChoicesList; onAdded: () => Promise<unknown> }) {
  const t = useTranslations("student.usualChoices");
  const words = useChoiceWords();
  const [sentence, setSentence] = useState<Sentence>({ pattern: "", staffId: "", from: "", until: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const patterns = patternChoices(data.cycle, words.weekday);

  async function add(event: FormEvent) {
    event.preventDefault();
    const chosenPattern = sentence.pattern || patterns[0]?.value || "";
    const chosenTeacher = sentence.staffId || String(data.teachers[0]?.id ?? "");
    const start = sentence.from || data.today || "";
    setErrors({});
    setSaving(true);
    try {
      const body = choiceBody(chosenPattern, chosenTeacher, start, sentence.until);
      const made = await apiPost<StandingChoiceView & { outcomes: StandingOutcomeView[] }>(
        STANDING_CHOICES_KEY,
        body,
      );
      const planned = made.outcomes.filter((o) => o.outcome === "planned").length;
      snackbar(t("addedToast", { pattern: words.every(made), teacher: teacherWord(made), planned }), {
        tone: "success",
      });
      setSentence((before) => ({ ...before, until: "" }));
      await onAdded();
    } catch (failure) {
      setErrors(placedErrors(failure, t("addFailed")));
    } finally {
      setSaving(false);
    }
  }

  if (patterns.length === 0 || data.teachers.length === 0)
    return <p className="mt-4 text-sm text-slate-600">{t("noTimetable")}</p>;
  return (
    <form onSubmit={add} noValidate className="mt-4 flex flex-col gap-3" aria-label={t("formLabel")}>
      <SentenceFields
        data={data}
        patterns={patterns}
        sentence={sentence}
        errors={errors}
        onChange={(part, value) => setSentence((before) => ({ ...before, [part]: value }))}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" loading={saving} className="self-start">
        {t("addButton")}
      </Button>
    </form>
  );
}

/** The sentence's four fields; an empty one shows its default (the first day, the first teacher, today). */
function SentenceFields({
  data,
  patterns,
  sentence,
  errors,
  onChange,
}: {
  data: StandingChoicesList;
  patterns: { value: string; label: string }[];
  sentence: Sentence;
  errors: Partial<Record<Field, string>>;
  onChange: (part: keyof Sentence, value: string) => void;
}) {
  const t = useTranslations("student.usualChoices");
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <ChoiceField
        label={t("everyLabel")}
        value={sentence.pattern || patterns[0]!.value}
        onChange={(e) => onChange("pattern", e.target.value)}
        error={errors.pattern}
        choices={patterns}
      />
      <ChoiceField
        label={t("withLabel")}
        value={sentence.staffId || String(data.teachers[0]!.id)}
        onChange={(e) => onChange("staffId", e.target.value)}
        error={errors.staff_id}
        choices={data.teachers.map((teacher) => ({ value: String(teacher.id), label: teacher.name }))}
      />
      <TextField
        label={t("fromLabel")}
        type="date"
        value={sentence.from || data.today}
        min={data.today}
        onChange={(e) => onChange("from", e.target.value)}
        error={errors.from}
      />
      <TextField
        label={t("untilLabel")}
        type="date"
        value={sentence.until}
        min={sentence.from || data.today}
        onChange={(e) => onChange("until", e.target.value)}
        error={errors.until}
        hint={t("untilHint")}
      />
    </div>
  );
}
