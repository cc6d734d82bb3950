"use client";

import { CircleAlert } from "lucide-react";
import { useId, type ReactNode } from "react";
import { ChoiceField } from "@/components/school-calendar/choice-field";
import { OneRosterDecisions } from "./oneroster-decisions";
import type { BundleProblem } from "@/lib/oneroster/parse";
import type { presentPlan } from "@/lib/oneroster/present";

/** The dry run's answer (POST /api/rostering/oneroster with dry_run=true). */
export type OneRosterDryRun = ReturnType<typeof presentPlan>;
type Sample = OneRosterDryRun["samples"]["created"][number];
type Action = keyof OneRosterDryRun["samples"];

/** What the administrator chooses before applying: the school and a block for each unmatched period. */
export interface OneRosterChoices {
  org_sourced_id: string;
  /** Period → block id as text ("" = no block). */
  periods: Record<string, string>;
}

export interface ClassBlock {
  id: number;
  label: string;
}

const n = (value: number) => value.toLocaleString("en-US");

const KINDS: Record<string, string> = {
  term: "Term",
  student: "Student",
  staff: "Staff",
  course: "Course",
  section: "Section",
  enrollment: "Enrolment",
  teacher: "Teacher of a section",
  meeting: "Meeting",
};

const FIELDS: Record<string, string> = {
  sourced_id: "SIS id",
  student_number: "Student number",
  first_name: "First name",
  last_name: "Last name",
  preferred_first_name: "Preferred first name",
  email: "Email",
  grade: "Grade",
  archived: "Archived",
  enabled: "Can sign in",
  administrator: "Administrator",
  name: "Name",
  short_name: "Short name",
  course: "Course",
  code: "Code",
  term: "Term",
  blocks: "Blocks",
  student: "Student",
  section: "Section",
  begin_date: "Begins",
  end_date: "Ends",
  dropped: "Dropped",
  start: "Starts",
  end: "Ends",
  default_teacher: "Homeroom teacher",
  homeroom: "Homeroom",
  position: "Position",
  department: "Department",
  sis_role: "SIS role",
};

/** A before or after value in plain words. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

const SECTIONS: { action: Action; title: string; empty: string }[] = [
  { action: "created", title: "New", empty: "Nothing new." },
  { action: "updated", title: "Changed", empty: "Nothing changes." },
  { action: "archived", title: "Archived", empty: "Nobody and nothing is archived." },
  { action: "dropped", title: "Dropped", empty: "No enrolment is dropped." },
];

/** "Left out as other schools' records: 120 people, 30 classes and 900 enrolments." (null: none). */
export function otherSchoolsLine(other: OneRosterDryRun["other_schools"]): string | null {
  const parts = [
    [other.users, "person", "people"],
    [other.classes, "class", "classes"],
    [other.enrollments, "enrolment", "enrolments"],
  ] as const;
  const said = parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${n(count)} ${count === 1 ? one : many}`);
  if (said.length === 0) return null;
  const list = said.length === 1 ? said[0] : `${said.slice(0, -1).join(", ")} and ${said.at(-1)}`;
  return `Left out as other schools' records: ${list}.`;
}

/** "8 new, 1 changed, 0 archived, 0 dropped, 12 unchanged, no errors." */
export function summaryLine(counts: OneRosterDryRun["counts"]): string {
  const errors =
    counts.errors === 0 ? "no errors" : counts.errors === 1 ? "1 error" : `${n(counts.errors)} errors`;
  return `${n(counts.created)} new, ${n(counts.updated)} changed, ${n(counts.archived)} archived, ${n(counts.dropped)} dropped, ${n(counts.unchanged)} unchanged, ${errors}.`;
}

const cellClasses = "px-3 py-2 align-top";
const headClasses = "px-3 py-2 text-left text-xs font-semibold text-slate-700";

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={headClasses}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function ChangesOf({ sample }: { sample: Sample }) {
  const fields = Object.entries(sample.fields ?? {});
  if (!fields.length) return null;
  return (
    <ul className="flex flex-col gap-0.5">
      {fields.map(([field, { before, after }]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{FIELDS[field] ?? field}:</span> {shownValue(before)} →{" "}
          {shownValue(after)}
        </li>
      ))}
    </ul>
  );
}

function SampleSection({
  action,
  title,
  empty,
  plan,
}: {
  action: Action;
  title: string;
  empty: string;
  plan: OneRosterDryRun;
}) {
  const samples = plan.samples[action];
  const total = plan.counts[action];
  const more = total - samples.length;
  // Unique on the page: a bundle's review and the SIS connection's preview can be shown at once.
  const headingId = `${useId()}oneroster-${action}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title} ({n(total)})
      </h3>
      {total === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <Table
            caption={`${title} records`}
            head={action === "updated" ? ["What", "Name", "Change"] : ["What", "Name", "SIS id"]}
          >
            {samples.map((s, i) => (
              <tr key={`${s.kind}-${s.sourced_id}-${i}`}>
                <td className={`${cellClasses} whitespace-nowrap text-slate-700`}>
                  {KINDS[s.kind] ?? s.kind}
                </td>
                <td className={`${cellClasses} break-words text-slate-900`}>{s.name}</td>
                <td className={`${cellClasses} text-slate-700`}>
                  {action === "updated" ? (
                    <ChangesOf sample={s} />
                  ) : (
                    <span className="break-all">{s.sourced_id}</span>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          {more > 0 && <p className="text-sm text-slate-600">and {n(more)} more</p>}
        </>
      )}
    </section>
  );
}

/** The bundle's problems by file and line; nothing can be applied while there is one. */
export function ProblemsTable({ problems, caption }: { problems: BundleProblem[]; caption: string }) {
  return (
    <Table caption={caption} head={["File", "Line", "Problem"]}>
      {problems.map((p, i) => (
        <tr key={i}>
          <td className={`${cellClasses} whitespace-nowrap text-slate-900`}>{p.file || "the bundle"}</td>
          <td className={`${cellClasses} text-slate-700 tabular-nums`}>{p.line ? n(p.line) : "—"}</td>
          <td className={`${cellClasses} break-words text-slate-900`}>{p.reason}</td>
        </tr>
      ))}
    </Table>
  );
}

interface Choosing {
  blocks: ClassBlock[];
  choices: OneRosterChoices;
  onChoicesChange: (choices: OneRosterChoices) => void;
}

/** What a bundle asks for before it is applied: the school (of several), a block for each unmatched period. */
function ReviewChoices({ plan, blocks, choices, onChoicesChange }: Choosing & { plan: OneRosterDryRun }) {
  const schools = plan.orgs.filter((o) => o.type.toLowerCase() === "school");
  const headingId = useId();
  if (schools.length <= 1 && plan.unmatched_periods.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Your choices
      </h3>
      {schools.length > 1 && (
        <ChoiceField
          label="School"
          hint="The bundle holds several schools: only the one you choose is imported."
          containerClassName="max-w-md"
          value={choices.org_sourced_id}
          onChange={(event) => onChoicesChange({ ...choices, org_sourced_id: event.target.value })}
          choices={[
            { value: "", label: "Choose a school" },
            ...schools.map((s) => ({ value: s.sourced_id, label: s.name })),
          ]}
        />
      )}
      {plan.unmatched_periods.length > 0 && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm text-slate-700">
            These periods match no block of the timetable. Choose the block each one is, or leave it out (its
            classes get no meeting for it).
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {plan.unmatched_periods.map((period) => (
              <ChoiceField
                key={period}
                label={`Period “${period}”`}
                value={choices.periods[period] ?? ""}
                onChange={(event) =>
                  onChoicesChange({
                    ...choices,
                    periods: { ...choices.periods, [period]: event.target.value },
                  })
                }
                choices={[
                  { value: "", label: "No block (leave it out)" },
                  ...blocks.map((b) => ({ value: String(b.id), label: b.label })),
                ]}
              />
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}

/**
 * The dry run, reviewed: a summary line, the problems (by file and line), the choices the bundle asks
 * for (the school, a block for each period the timetable does not name), and samples of what is new,
 * changed (field: before → after), archived and dropped. A sync from the SIS (`source`) asks nothing
 * here: its school is the connection's, and a period without a block is said, not asked.
 */
export function OneRosterReview({
  plan,
  source = false,
  ...choosing
}: { plan: OneRosterDryRun } & (({ source?: false } & Choosing) | { source: true })) {
  const errorsId = useId();
  // A sync's preview says it in its own line of what was pulled.
  const others = source ? null : otherSchoolsLine(plan.other_schools);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm font-medium text-slate-900" aria-live="polite">
        {summaryLine(plan.counts)}
      </p>
      {others && <p className="text-sm text-slate-700">{others}</p>}
      {plan.errors.length > 0 && (
        <section aria-labelledby={errorsId} className="flex flex-col gap-2">
          <h3 id={errorsId} className="flex items-center gap-1.5 text-sm font-semibold text-red-800">
            <CircleAlert aria-hidden className="size-4" /> Errors ({n(plan.errors.length)})
          </h3>
          <p className="text-sm text-slate-700">
            {source
              ? "Nothing can be synced until these are fixed: correct them in your student information system (or the connection above), then preview again."
              : "Nothing can be imported until these are fixed: correct the export in your student information system (or choose below), then check again."}
          </p>
          <ProblemsTable problems={plan.errors} caption="Errors by file and line" />
        </section>
      )}
      {"onChoicesChange" in choosing ? (
        <ReviewChoices plan={plan} {...choosing} />
      ) : (
        plan.unmatched_periods.length > 0 && (
          <p className="text-sm text-slate-700">
            These periods match no block of the timetable, so their classes get no meeting for them:{" "}
            {plan.unmatched_periods.join(", ")}.
          </p>
        )
      )}
      <OneRosterDecisions data={plan} canGrant />
      {SECTIONS.map((s) => (
        <SampleSection key={s.action} {...s} plan={plan} />
      ))}
    </div>
  );
}

/** The choices as the request's fields: periods only those given a block. */
export function choiceFields(choices: OneRosterChoices): { org_sourced_id?: string; periods?: string } {
  const periods = Object.fromEntries(
    Object.entries(choices.periods)
      .filter(([, block]) => block !== "")
      .map(([period, block]) => [period, Number(block)]),
  );
  return {
    ...(choices.org_sourced_id ? { org_sourced_id: choices.org_sourced_id } : {}),
    ...(Object.keys(periods).length ? { periods: JSON.stringify(periods) } : {}),
  };
}
