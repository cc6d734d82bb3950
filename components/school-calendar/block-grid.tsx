"use client";

import { Copy, Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { IconButton } from "@/components/ui/icon-button";
import { TextField } from "@/components/ui/text-field";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { FOCUS_BLOCK_LABEL } from "@/lib/calendar/schemas";
import { messageAt } from "./cycle-fields";
import { FormError } from "./server-errors";
import { TimeRange } from "./time-range";
import { columnsOf, newKey, type Column, type TimeCell, type TimetableFormValues } from "./timetable-form";

/** What a block is called on screen before it has a label. */
export const blockName = (label: string | undefined, index: number) => label?.trim() || `Block ${index + 1}`;

/**
 * The blocks as a grid: a row per block (label, Flex), a column per day type, each cell its start and
 * end time (empty: the block does not meet that day). On a phone each block is a card of its day types.
 */
export function BlockGrid() {
  const { control, getValues, setValue, formState } = useFormContext<TimetableFormValues>();
  const blocks = useFieldArray({ control, name: "blocks", keyName: "fieldId" });
  const [kind, weekdays, rotation, watched] = useWatch({
    control,
    name: ["kind", "weekdays", "rotation", "blocks"],
  });
  const columns = columnsOf({ kind, weekdays, rotation });
  const narrow = useMediaQuery("(max-width: 767px)");

  /** The row's first times, on every day type. */
  function copyToAll(index: number) {
    const times = getValues(`blocks.${index}.times`);
    const first = columns.map((c) => times[c.key]).find((t): t is TimeCell => Boolean(t?.start && t?.end));
    if (!first) return;
    for (const column of columns)
      setValue(
        `blocks.${index}.times.${column.key}`,
        { ...first },
        { shouldDirty: true, shouldValidate: formState.isSubmitted },
      );
  }

  const rows = blocks.fields.map((field, index) => ({
    field,
    index,
    name: blockName(watched[index]?.label, index),
    canCopy: columns.some((c) => watched[index]?.times[c.key]?.start && watched[index]?.times[c.key]?.end),
  }));
  const props = { columns, rows, onCopy: copyToAll, onRemove: blocks.remove };

  return (
    // min-w-0: a fieldset is at least as wide as its content by default, which let a wide grid widen the page.
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">Blocks</legend>
      <p className="text-sm text-slate-600">
        Give each block its times on the day types it meets; leave both times empty where it does not meet.
        Flex blocks are the ones students choose where to go. Exactly one flex block named &lsquo;
        {FOCUS_BLOCK_LABEL}
        &rsquo; is the check-in block: students check in to it, plan it and are counted for it.
      </p>
      {columns.length === 0 ? (
        <p className="text-sm text-slate-600">Choose the cycle&apos;s day types first.</p>
      ) : narrow ? (
        <BlockCards {...props} />
      ) : (
        <BlockTable {...props} />
      )}
      <FormError message={messageAt(formState.errors, "blocks")} />
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() =>
          blocks.append({ key: newKey("b"), label: "", flex: false, times: {} }, { shouldFocus: true })
        }
      >
        <Plus aria-hidden className="size-4" />
        Add block
      </Button>
    </fieldset>
  );
}

interface Row {
  field: { fieldId: string };
  index: number;
  name: string;
  canCopy: boolean;
}
interface LayoutProps {
  columns: Column[];
  rows: Row[];
  onCopy: (index: number) => void;
  onRemove: (index: number) => void;
}

function BlockTable({ columns, rows, onCopy, onRemove }: LayoutProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Blocks and their times on each day type</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Block
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-2 py-2 font-semibold">
                {column.name || "(unnamed)"}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.field.fieldId} className="align-top">
              <th scope="row" className="min-w-44 px-3 py-2 font-normal">
                <BlockIdentity row={row} />
                {/* The row's buttons sit with its label, so no width of the grid can push them out of view. */}
                <RowActions row={row} onCopy={onCopy} onRemove={onRemove} />
              </th>
              {columns.map((column) => (
                <td key={column.key} className="px-2 py-2">
                  <TimeRange
                    base={`blocks.${row.index}.times.${column.key}`}
                    name={`${row.name} on ${column.name}`}
                    stacked
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BlockCards({ columns, rows, onCopy, onRemove }: LayoutProps) {
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => (
        <li
          key={row.field.fieldId}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3"
        >
          <BlockIdentity row={row} />
          <dl className="flex flex-col gap-2">
            {columns.map((column) => (
              <div key={column.key} className="flex flex-col gap-1">
                <dt className="text-xs font-medium text-slate-700">{column.name || "(unnamed)"}</dt>
                <dd>
                  <TimeRange
                    base={`blocks.${row.index}.times.${column.key}`}
                    name={`${row.name} on ${column.name}`}
                  />
                </dd>
              </div>
            ))}
          </dl>
          <RowActions row={row} onCopy={onCopy} onRemove={onRemove} />
        </li>
      ))}
    </ul>
  );
}

function BlockIdentity({ row }: { row: Row }) {
  const { control, register, formState } = useFormContext<TimetableFormValues>();
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={`Label of block ${row.index + 1}`}
        hideLabel
        placeholder="Block A"
        maxLength={60}
        error={messageAt(formState.errors, `blocks.${row.index}.label`)}
        {...register(`blocks.${row.index}.label`)}
      />
      <Controller
        control={control}
        name={`blocks.${row.index}.flex`}
        render={({ field }) => (
          <Checkbox
            label={
              <>
                Flex<span className="sr-only"> ({row.name})</span>
              </>
            }
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {messageAt(formState.errors, `blocks.${row.index}.row`) && (
        <p className="text-xs text-red-700">{messageAt(formState.errors, `blocks.${row.index}.row`)}</p>
      )}
    </div>
  );
}

function RowActions({
  row,
  onCopy,
  onRemove,
}: {
  row: Row;
  onCopy: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="mt-1 flex items-center gap-1">
      <IconButton
        label={`Copy to all days: ${row.name}`}
        icon={<Copy className="size-4" />}
        size="sm"
        disabled={!row.canCopy}
        onClick={() => onCopy(row.index)}
      />
      <IconButton
        label={`Remove ${row.name}`}
        icon={<Trash2 className="size-4" />}
        size="sm"
        onClick={() => onRemove(row.index)}
      />
    </div>
  );
}
