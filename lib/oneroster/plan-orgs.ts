import type { Bundle, BundleProblem } from "./parse";
import type { PlanOptions } from "./plan-types";

export interface PlannedOrg {
  sourced_id: string;
  name: string;
  type: string;
}

/**
 * Orgs: the school the import is for is the one the caller chose, the only school among the orgs, or
 * every record when there are no orgs; several schools and no choice is an error (the dry run lists them).
 */
export function chooseSchool(
  bundle: Bundle,
  options: PlanOptions,
  errors: BundleProblem[],
): { orgs: PlannedOrg[]; org: string | null } {
  const orgs = bundle.orgs.map((o) => ({ sourced_id: o.sourcedId, name: o.name, type: o.type }));
  const schools = orgs.filter((o) => o.type.toLowerCase() === "school");
  let org: string | null = options.org_sourced_id ?? null;
  if (org && !orgs.some((o) => o.sourced_id === org)) {
    errors.push({ file: "orgs.csv", line: 0, reason: `No org in orgs.csv has the sourcedId ${org}.` });
  } else if (!org && schools.length === 1) org = schools[0]!.sourced_id;
  else if (!org && schools.length > 1) {
    errors.push({ file: "orgs.csv", line: 0, reason: `The bundle has ${schools.length} schools: choose one (org_sourced_id).` });
  }
  return { orgs, org };
}
