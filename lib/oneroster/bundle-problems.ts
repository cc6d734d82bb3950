/**
 * A OneRoster bundle's problems: each with its file and line, all of them listed at once when the bundle
 * is refused (the upload's 422, the dry run's list, the job's report).
 */

/** Problems listed before giving up on a bundle. */
export const MAX_LISTED_ERRORS = 200;

export interface BundleProblem {
  file: string;
  /** The line in the file (1 = the header); 0 for the bundle as a whole. */
  line: number;
  reason: string;
}

export class BundleRefused extends Error {
  constructor(readonly problems: BundleProblem[]) {
    super(problems[0]?.reason ?? "The bundle was refused.");
    this.name = "BundleRefused";
  }
}

export function refuse(file: string, reason: string, line = 0): never {
  throw new BundleRefused([{ file, line, reason }]);
}

