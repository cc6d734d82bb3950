import type { BundleProblem } from "@/lib/oneroster/parse";
import { ProblemsTable } from "./oneroster-review";

/** Why the bundle could not be checked or imported, with its problems by file and line. */
export function BundleFailure({ failure }: { failure: { message: string; problems: BundleProblem[] } }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <p>{failure.message}</p>
      {failure.problems.length > 0 && (
        <ProblemsTable problems={failure.problems} caption="Problems by file and line" />
      )}
    </div>
  );
}
