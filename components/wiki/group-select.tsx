import { focusRing } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";
import type { WikiGroup } from "./wiki-parts";

/** The post's group; when editing, choosing another moves the post there. */
export function GroupSelect({
  groups,
  value,
  onChange,
  error,
  moving,
}: {
  groups: WikiGroup[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  moving: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="wiki-post-group" className="text-sm font-medium text-slate-800">
        Group
      </label>
      <select
        id="wiki-post-group"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "wiki-post-group-error" : moving ? "wiki-post-group-hint" : undefined}
        className={cn(inputClasses(Boolean(error)), "h-9 py-1", focusRing)}
      >
        {value === "" && <option value="">Choose a group</option>}
        {groups.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {g.title}
          </option>
        ))}
      </select>
      {error ? (
        <p id="wiki-post-group-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        moving && (
          <p id="wiki-post-group-hint" className="text-xs text-slate-600">
            Choose another group to move the post there.
          </p>
        )
      )}
    </div>
  );
}
