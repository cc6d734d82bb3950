"use client";

import * as Popover from "@radix-ui/react-popover";
import { ListFilter } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "./button";
import {
  filterValueProblem,
  rulesFor,
  type ColumnKind,
  type FilterRule,
  type TableFilter,
} from "./data-table-filters";
import { TextField } from "./text-field";

const selectClasses =
  "h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600";

/** "Filter": pick a column, a rule and a value; an empty value says 'This field cannot be empty.' */
// eslint-disable-next-line max-lines-per-function -- the filter's column, operator and value choices are one popover
export function DataTableFilterButton({
  columns,
  onAdd,
}: {
  columns: { id: string; header: string; kind: ColumnKind }[];
  onAdd: (filter: TableFilter) => void;
}) {
  const [open, setOpen] = useState(false);
  const [columnId, setColumnId] = useState(columns[0]?.id ?? "");
  const kind = columns.find((c) => c.id === columnId)?.kind ?? "text";
  const rules = rulesFor(kind);
  const [rule, setRule] = useState<FilterRule>("contains");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const activeRule = rule in rules ? rule : (Object.keys(rules)[0] as FilterRule);

  function apply(event: FormEvent) {
    event.preventDefault();
    const problem = filterValueProblem(value, kind);
    if (problem) return setError(problem);
    onAdd({ columnId, rule: activeRule, value: value.trim() });
    setValue("");
    setError(null);
    setOpen(false);
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="md">
          <ListFilter aria-hidden className="size-4" />
          Filter
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Filter"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-72 rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
        >
          <form onSubmit={apply} noValidate className="flex flex-col gap-3" aria-label="Add a filter">
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
              Column
              <select
                className={selectClasses}
                value={columnId}
                onChange={(e) => setColumnId(e.target.value)}
              >
                {columns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.header}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
              Rule
              <select
                className={selectClasses}
                value={activeRule}
                onChange={(e) => setRule(e.target.value as FilterRule)}
              >
                {Object.entries(rules).map(([id, text]) => (
                  <option key={id} value={id}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label="Value"
              value={value}
              inputMode={kind === "number" ? "numeric" : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
              error={error}
            />
            <div className="flex justify-end gap-2 pt-1">
              <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm">
                Apply
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
