import type { ImportReport } from "@/lib/imports/present";
import type { BundleProblem } from "./parse";
import type { Action, Change, Plan, PlannedYear, Review } from "./plan";

/** Changes of each kind (students, sections, enrolments …) the dry run lists per action (the counts cover them all). */
export const SAMPLES = 10;

export interface OneRosterResult {
  created: number;
  updated: number;
  archived: number;
  dropped: number;
  unchanged: number;
  errors: BundleProblem[];
  unmatched_periods: string[];
  /** The school year this import set or changed (from → to), else absent. */
  school_year?: { start: string; end: string; change: "set" | "update"; before: { start: string; end: string } | null };
  /** What the dry run showed beside the counts, as this import decided it (absent in jobs of an earlier release). */
  sis_administrators?: Review["sis_administrators"];
  protected?: Review["protected"];
  overwrites?: Review["overwrites"];
  kept?: Review["kept"];
  terms?: Review["terms"];
  homerooms?: Review["homerooms"];
  /** Staff whose role this import set, each audited (roster.role_change). */
  role_changes?: number;
}

/** The review the dry run and the result share (the role changes are audited, and only counted here). */
export const presentReview = (review: Review) => ({
  sis_administrators: review.sis_administrators,
  protected: review.protected,
  overwrites: review.overwrites,
  kept: review.kept,
  terms: review.terms,
  homerooms: review.homerooms,
});

const ACTIONS: Action[] = ["created", "updated", "archived", "dropped"];

/** The dry run's answer: what would change, samples of each kind, the problems, what to choose. */
export function presentPlan(plan: Plan) {
  const samples = Object.fromEntries(
    ACTIONS.map((action) => {
      const taken = new Map<string, number>();
      const listed = plan.changes.filter((c) => {
        if (c.action !== action) return false;
        const n = taken.get(c.kind) ?? 0;
        taken.set(c.kind, n + 1);
        return n < SAMPLES;
      });
      return [action, listed.map(presentChange)];
    }),
  ) as Record<Action, ReturnType<typeof presentChange>[]>;
  return {
    dry_run: true as const,
    org_sourced_id: plan.org_sourced_id,
    orgs: plan.orgs,
    school_year: plan.school_year && presentYear(plan.school_year),
    unmatched_periods: plan.unmatched_periods,
    /** Rows the bundle has for other schools than the one imported, left out. */
    other_schools: plan.other_schools,
    counts: plan.counts,
    /** Family contacts (student–guardian links) the bundle carries: contacts, never accounts. */
    family_contacts: plan.writes.guardians.upsert.length,
    samples,
    errors: plan.errors,
    ...presentReview(plan.review),
  };
}

const presentChange = (c: Change) => ({
  kind: c.kind,
  sourced_id: c.sourced_id,
  name: c.name,
  ...(c.fields ? { fields: c.fields } : {}),
  ...(c.matched ? { matched: c.matched } : {}),
});

export function resultOf(plan: Plan): OneRosterResult {
  const { created, updated, archived, dropped, unchanged } = plan.counts;
  const year = plan.school_year;
  return {
    created,
    updated,
    archived,
    dropped,
    unchanged,
    errors: plan.errors,
    unmatched_periods: plan.unmatched_periods,
    ...presentReview(plan.review),
    role_changes: plan.review.role_changes.length,
    ...(year?.applied && year.change !== "same"
      ? { school_year: { start: year.start, end: year.end, change: year.change, before: year.current } }
      : {}),
  };
}

/**
 * The dry run's school year: the bundle's dates, the school's (`current`, null when it has none) and
 * what applying does — "set" (not set up yet: applying sets it), "update" (different: changed only when the
 * administrator ticks apply_school_year), "same" — and `problem` when it cannot be applied.
 */
const presentYear = (year: PlannedYear) => ({
  sourced_id: year.sourced_id,
  name: year.name,
  start: year.start,
  end: year.end,
  current: year.current,
  change: year.change,
  problem: year.problem,
});

/** Problems as field errors keyed by file ("users.csv": ["line 4: …"]), for a 422. */
export function problemsAsFieldErrors(problems: BundleProblem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const p of problems) (errors[p.file || "file"] ??= []).push(p.line ? `line ${p.line}: ${p.reason}` : p.reason);
  return errors;
}

/** A OneRoster import's result, each SIS administrator with their staff record as it is now. */
export type OneRosterReport = Omit<OneRosterResult, "sis_administrators"> & {
  sis_administrators: (NonNullable<OneRosterResult["sis_administrators"]>[number] & {
    staff: { id: number; first_name: string; last_name: string; title: string; initials: string } | null;
  })[];
};

/** GET /api/imports/{id}: a CSV import's report, a OneRoster import's with its result in `oneroster`, a calendar file's with its report in `calendar`. */
export type ImportOrRosterReport = ImportReport & { oneroster?: OneRosterReport | null };
