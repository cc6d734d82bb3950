"use client";

import { ShieldCheck } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiGet, apiPut } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import { STAFF_TITLE_CHOICES } from "@/lib/people/names";
import type { FieldTally, ProtectedRow, SisAdministrator, TermMatch } from "@/lib/oneroster/plan";

/**
 * What a OneRoster import decides about people and terms that an administrator should see, in the dry
 * run (before applying) and in the import's report (after): each person the SIS calls an administrator,
 * with a one-click "Make administrator" (PUT /api/staff/{id}, with that route's own rules); the rows
 * skipped because they would change an administrator's or a sysadmin's account; the local values the
 * import overwrites and the school's it keeps; how each term matched; the homerooms read.
 */

export interface OneRosterDecisionsData {
  sis_administrators?: SisAdministrator[];
  protected?: ProtectedRow[];
  overwrites?: FieldTally[];
  kept?: FieldTally[];
  terms?: TermMatch[];
  homerooms?: { classes: number; students: number };
  /** Student–guardian links the bundle carries (the dry run only): family contacts, never accounts. */
  family_contacts?: number;
}

const n = (value: number) => value.toLocaleString("en-US");

const FIELD_NAMES: Record<string, string> = {
  email: "Email",
  first_name: "First name",
  last_name: "Last name",
  student_number: "Student number",
  grade: "Grade",
  enabled: "Can sign in",
  administrator: "Administrator",
  preferred_first_name: "Preferred first name",
  default_teacher: "Homeroom teacher",
  position: "Position",
  department: "Department",
  sis_role: "SIS role",
  homeroom: "Homeroom",
};
const fieldName = (field: string) => FIELD_NAMES[field] ?? field.replace(/_/g, " ");
const shown = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "(none)"
    : value === true
      ? "yes"
      : value === false
        ? "no"
        : String(value);

const MATCHED: Record<NonNullable<TermMatch["matched"]>, string> = {
  sourced_id: "its SIS id",
  name_and_dates: "name and dates",
  dates: "dates",
  name: "name",
};

const cell = "px-3 py-2 align-top";
const head = "px-3 py-2 text-left text-xs font-semibold text-slate-700";

/** A table that scrolls sideways on a phone; its region takes focus so a keyboard can scroll it. */
function Table({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn("overflow-x-auto rounded-lg border border-slate-200", focusRing)}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={head}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  // Unique on the page: a bundle's review and the SIS connection's preview can be shown at once.
  const headingId = `${useId()}${id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-700">{intro}</p>
      {children}
    </section>
  );
}

const changesText = (fields: ProtectedRow["fields"]) =>
  Object.entries(fields)
    .map(([field, { before, after }]) => `${fieldName(field)}: ${shown(before)} → ${shown(after)}`)
    .join("; ");

/** Gives the flag through PUT /api/staff/{id} with the staff member's own current values (the route's rules apply). */
async function makeAdministrator(staffId: number) {
  const member = await apiGet<{ first_name: string; last_name: string; title: string; initials: string }>(
    `/api/staff/profile/${staffId}`,
  );
  await apiPut(`/api/staff/${staffId}`, {
    first_name: member.first_name,
    last_name: member.last_name,
    title: STAFF_TITLE_CHOICES.find((title) => title === member.title) ?? "",
    initials: member.initials,
    administrator: true,
  });
}

function AdministratorRow({ person, canGrant }: { person: SisAdministrator; canGrant: boolean }) {
  const [granted, setGranted] = useState(false);
  const administrator = person.administrator || granted;
  const grant = useAction(
    async () => {
      await makeAdministrator(person.staff_id!);
      setGranted(true);
      snackbar(`${person.name} is now a Flexblock administrator.`, { tone: "success" });
    },
    { failed: "The administrator role could not be given." },
  );
  return (
    <tr>
      <td className={`${cell} break-words text-slate-900`}>
        {person.name}
        <span className="block text-xs break-all text-slate-600">{person.email ?? "no email"}</span>
      </td>
      <td className={`${cell} text-slate-700`}>{person.role}</td>
      <td className={cell}>
        {administrator ? (
          <Badge tone="accent">
            {person.granted ? "Administrator (the sysadmin's setting)" : "Administrator"}
          </Badge>
        ) : person.removed_by_school ? (
          <span className="text-slate-700">Staff: the school took the flag away</span>
        ) : person.staff_id === null ? (
          <span className="text-slate-700">Staff, once applied</span>
        ) : canGrant ? (
          <Button
            size="sm"
            variant="secondary"
            loading={grant.busy}
            onClick={() => void grant.run()}
            aria-label={`Make ${person.name} an administrator`}
          >
            <ShieldCheck aria-hidden className="size-4" /> Make administrator
          </Button>
        ) : (
          <span className="text-slate-700">Staff</span>
        )}
      </td>
    </tr>
  );
}

function Tallies({
  id,
  title,
  intro,
  tallies,
}: {
  id: string;
  title: string;
  intro: string;
  tallies: FieldTally[];
}) {
  if (!tallies.length) return null;
  return (
    <Section id={id} title={title} intro={intro}>
      <Table caption={title} columns={["Field", "Records", "For example"]}>
        {tallies.map((t) => (
          <tr key={`${t.kind}-${t.field}`}>
            <td className={`${cell} whitespace-nowrap text-slate-900`}>
              {fieldName(t.field)} ({t.kind === "student" ? "students" : "staff"})
            </td>
            <td className={`${cell} tabular-nums text-slate-700`}>{n(t.count)}</td>
            <td className={`${cell} text-slate-700`}>
              <ul className="flex flex-col gap-0.5">
                {t.samples.map((s) => (
                  <li key={s.sourced_id} className="break-words">
                    {s.name}: {shown(s.before)} → {shown(s.after)}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/** Each person the SIS calls an administrator, with how they stand in Flexblock. */
function SisAdministrators({ people, canGrant }: { people: SisAdministrator[]; canGrant: boolean }) {
  if (!people.length) return null;
  return (
    <Section
      id="oneroster-sis-administrators"
      title={`People the SIS calls administrators (${n(people.length)})`}
      intro="A student information system calls principals and office staff alike administrators, so the import makes them staff, off Focus Block students. Give the administrator role here to those who should have it."
    >
      <Table caption="People the SIS calls administrators" columns={["Name and email", "SIS role", "In Flexblock"]}>
        {people.map((person) => (
          <AdministratorRow key={person.sourced_id} person={person} canGrant={canGrant} />
        ))}
      </Table>
    </Section>
  );
}

/** The rows skipped because they would change an administrator's or a sysadmin's account. */
function ProtectedRows({ rows }: { rows: ProtectedRow[] }) {
  if (!rows.length) return null;
  return (
    <Section
      id="oneroster-protected"
      title={`Skipped to protect administrators and sysadmins (${n(rows.length)})`}
      intro="No import changes an administrator's or a system administrator's account. A sysadmin makes these changes by hand if they are right."
    >
      <Table
        caption="Rows skipped to protect administrators and sysadmins"
        columns={["Name", "The row would change", "Why"]}
      >
        {rows.map((row) => (
          <tr key={`${row.sourced_id}-${row.line}`}>
            <td className={`${cell} break-words text-slate-900`}>
              {row.name}
              <span className="block text-xs text-slate-600">
                {row.account === "sysadmin" ? "System administrator" : "Administrator"}
                {row.line > 0 && `, users.csv line ${n(row.line)}`}
              </span>
            </td>
            <td className={`${cell} break-words text-slate-700`}>{changesText(row.fields) || "(its account)"}</td>
            <td className={`${cell} break-words text-slate-700`}>{row.reason}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/** How each term of the bundle matched the school's (or that it is new). */
function TermMatches({ terms }: { terms: TermMatch[] }) {
  if (!terms.length) return null;
  return (
    <Section
      id="oneroster-terms"
      title={`Terms (${n(terms.length)})`}
      intro="Each term of the bundle is matched to the school's by its SIS id, else by name and dates; a term that matches none is added."
    >
      <Table caption="Terms and how they match" columns={["Term", "Dates", "The school's term"]}>
        {terms.map((t) => (
          <tr key={t.sourced_id}>
            <td className={`${cell} break-words text-slate-900`}>{t.name}</td>
            <td className={`${cell} whitespace-nowrap text-slate-700`}>
              {t.start} to {t.end}
            </td>
            <td className={`${cell} text-slate-700`}>
              {t.term ? `${t.term.name}, matched by ${MATCHED[t.matched!]}` : "New: added"}
            </td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/**
 * The decisions of a dry run or an applied import. `canGrant`: the one-click "Make administrator" is
 * offered (the people exist: after applying, or those the school already had).
 */
export function OneRosterDecisions({ data, canGrant }: { data: OneRosterDecisionsData; canGrant: boolean }) {
  const homerooms = data.homerooms;
  return (
    <div className="flex flex-col gap-6">
      <SisAdministrators people={data.sis_administrators ?? []} canGrant={canGrant} />
      <ProtectedRows rows={data.protected ?? []} />
      <Tallies
        id="oneroster-overwrites"
        title="Local values this import overwrites"
        intro="The SIS owns these fields: its values replace the ones here."
        tallies={data.overwrites ?? []}
      />
      <Tallies
        id="oneroster-kept"
        title="The school's values kept"
        intro="The school owns these fields: the SIS sends other values, and the ones set here stay."
        tallies={data.kept ?? []}
      />
      <TermMatches terms={data.terms ?? []} />
      {homerooms && homerooms.classes > 0 && (
        <p className="text-sm text-slate-700">
          Homerooms: {n(homerooms.classes)} homeroom {homerooms.classes === 1 ? "class" : "classes"}, giving{" "}
          {n(homerooms.students)} {homerooms.students === 1 ? "student" : "students"} their homeroom teacher
          (default placement uses it).
        </p>
      )}
      {(data.family_contacts ?? 0) > 0 && (
        <p className="text-sm text-slate-700" data-testid="oneroster-family-contacts">
          Family contacts: {n(data.family_contacts!)} parent, guardian or relative{" "}
          {data.family_contacts === 1 ? "link" : "links"} to students. They get the weekly summary by email; none of
          them gets an account.
        </p>
      )}
    </div>
  );
}
