import ICAL from "ical.js";

/**
 * A bound on the work ical.js does for an uploaded file. Its recurrence iterator looks for the next
 * occurrence in a loop of its own that ends only when one is found: a daily rule for February 30 loops
 * for ever inside one call, and a rule from long ago walks every day since. So each step of that loop
 * (and each year a yearly rule looks at) is counted against the file's budget, and an iterator of the
 * school's events stops looking once it is past the school year: it hands back that date, which the
 * reader takes as the end of the series (lib/calendar/import.ts). The counting holds only inside
 * `bounded()`, which sets the budget for the synchronous call it wraps; elsewhere ical.js runs as shipped.
 */

/** Thrown from inside ical.js when the file's steps run out. */
export class ExpansionBudgetSpent extends Error {
  constructor() {
    super("The recurrence expansion's budget is spent.");
    this.name = "ExpansionBudgetSpent";
  }
}

export class ExpansionBudget {
  steps = 0;
  constructor(readonly maxSteps: number) {}

  spend() {
    if (++this.steps > this.maxSteps) throw new ExpansionBudgetSpent();
  }
}

type Iterator = InstanceType<typeof ICAL.RecurIterator>;
/** The date (yyyymmdd as a number) past which an iterator stops looking, set by `stopAfter`. */
const STOP = Symbol("stop after");
type Stoppable = Iterator & { [STOP]?: number };

let active: ExpansionBudget | null = null;
const dayKey = (time: { year: number; month: number; day: number }) => time.year * 10_000 + time.month * 100 + time.day;

function install() {
  const proto = ICAL.RecurIterator.prototype as Stoppable;
  const checkRules = proto.check_contracting_rules;
  const expandYear = proto.expand_year_days;
  proto.check_contracting_rules = function (this: Stoppable) {
    active?.spend();
    const stop = this[STOP];
    // Past the school year: this date ends the search (it is after the year, so the reader stops there).
    if (stop !== undefined && dayKey(this.last) > stop) return true;
    return checkRules.call(this);
  };
  proto.expand_year_days = function (this: Stoppable, year: number) {
    active?.spend();
    return expandYear.call(this, year);
  };
}
install();

/** Runs `work` (synchronous ical.js calls) with each of ical.js's inner steps spent from `budget`. */
export function bounded<T>(budget: ExpansionBudget, work: () => T): T {
  const outer = active;
  active = budget;
  try {
    return work();
  } finally {
    active = outer;
  }
}

/**
 * Makes the rule iterators of an event's expansion stop looking after `date` (YYYY-MM-DD, wall-clock
 * days in the event's own zone: the caller leaves a margin for the zones' offsets).
 */
export function stopAfter(expansion: InstanceType<typeof ICAL.RecurExpansion>, date: string) {
  const key = Number(date.replaceAll("-", ""));
  const iterators = (expansion as unknown as { ruleIterators?: Stoppable[] }).ruleIterators ?? [];
  for (const iterator of iterators) iterator[STOP] = key;
}
