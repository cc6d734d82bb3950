"use client";

import useSWR from "swr";
import { useGradeRange } from "@/components/people/use-grade-range";
import { Checkbox } from "@/components/ui/checkbox";
import { Spinner } from "@/components/ui/spinner";
import { NumberField } from "@/components/ui/text-field";
import { fetcher, messageOf } from "@/lib/api/request.client";
import type { ClusterListItem } from "@/lib/clusters/present";
import type { CourseList } from "@/lib/courses/present";
import { gradeLabel, gradesOf } from "@/lib/grade-range";
import type { TopicAudienceJson } from "@/lib/core/schedule/types";

/** Who the topic is open to: everyone, or only the grades, clusters or sections ticked. */
export type AudienceMode = "everyone" | "grades" | "clusters" | "sections";

export interface AudienceValue {
  mode: AudienceMode;
  /** The ids (grades) ticked for the mode. */
  picked: number[];
  /** The seat cap as typed ("" for the teacher's capacity). */
  seats: string;
}

export const EVERYONE: AudienceValue = { mode: "everyone", picked: [], seats: "" };

const MODES: { value: AudienceMode; label: string }[] = [
  { value: "everyone", label: "Everyone" },
  { value: "grades", label: "Grades" },
  { value: "clusters", label: "Clusters" },
  { value: "sections", label: "Sections" },
];

/** The body fields the topics routes take (open_to null: everyone; seat_cap null: the capacity). */
export function audienceBody(value: AudienceValue): { open_to: TopicAudienceJson | null; seat_cap: number | null } {
  const open_to =
    value.mode === "everyone" || value.picked.length === 0
      ? null
      : {
          grades: value.mode === "grades" ? value.picked : [],
          cluster_ids: value.mode === "clusters" ? value.picked : [],
          section_ids: value.mode === "sections" ? value.picked : [],
        };
  const seats = value.seats.trim();
  return { open_to, seat_cap: seats === "" ? null : Number(seats) };
}

/** "Who may join" and "Seats" in the topic form; the server checks both (grades of the school, ids that exist, 1..capacity). */
export function AudienceFields({
  value,
  onChange,
  capacity,
  errors,
}: {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  /** The teacher's capacity, the most seats a topic may have. */
  capacity?: number;
  errors?: Record<string, string[]>;
}) {
  const grades = gradesOf(useGradeRange());
  const toggle = (id: number, on: boolean) =>
    onChange({ ...value, picked: on ? [...value.picked, id] : value.picked.filter((p) => p !== id) });
  const audienceError = errors?.["open_to.grades"] ?? errors?.["open_to.cluster_ids"] ?? errors?.["open_to.section_ids"];

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Who may join</legend>
        <div role="radiogroup" aria-label="Who may join" className="flex flex-wrap gap-2">
          {MODES.map((mode) => (
            <label
              key={mode.value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:ring-1 has-[:checked]:ring-indigo-600"
            >
              <input
                type="radio"
                name="topic-audience"
                value={mode.value}
                checked={value.mode === mode.value}
                onChange={() => onChange({ ...value, mode: mode.value, picked: [] })}
                className="size-4 accent-indigo-600"
              />
              {mode.label}
            </label>
          ))}
        </div>
        {value.mode === "grades" && (
          <PickList
            label="Grades"
            choices={grades.map((g) => ({ id: g, label: `Grade ${gradeLabel(g)}` }))}
            picked={value.picked}
            onToggle={toggle}
          />
        )}
        {value.mode === "clusters" && <ClusterChoices picked={value.picked} onToggle={toggle} />}
        {value.mode === "sections" && <SectionChoices picked={value.picked} onToggle={toggle} />}
        {value.mode !== "everyone" && value.picked.length === 0 && (
          <p className="text-xs text-slate-600">Tick at least one, or the topic stays open to everyone.</p>
        )}
        {audienceError && <p className="text-sm text-red-700">{audienceError[0]}</p>}
      </fieldset>
      <NumberField
        label="Seats"
        placeholder={capacity !== undefined ? String(capacity) : "Your capacity"}
        hint={
          capacity !== undefined
            ? `Leave empty for your capacity (${capacity}), or fewer seats for this topic.`
            : "Leave empty for your capacity, or fewer seats for this topic."
        }
        min={1}
        max={capacity}
        value={value.seats}
        error={errors?.seat_cap?.[0] ?? null}
        onChange={(e) => onChange({ ...value, seats: e.target.value })}
        containerClassName="max-w-48"
      />
    </div>
  );
}

function PickList({
  label,
  choices,
  picked,
  onToggle,
}: {
  label: string;
  choices: { id: number; label: string }[];
  picked: number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  if (choices.length === 0) return <p className="text-sm text-slate-600">No {label.toLowerCase()} to choose from.</p>;
  return (
    <div role="group" aria-label={label} className="grid max-h-40 grid-cols-2 gap-2 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 sm:grid-cols-3">
      {choices.map((choice) => (
        <Checkbox
          key={choice.id}
          label={<span className="text-sm text-slate-800">{choice.label}</span>}
          checked={picked.includes(choice.id)}
          onCheckedChange={(on) => onToggle(choice.id, on)}
        />
      ))}
    </div>
  );
}

function ClusterChoices({ picked, onToggle }: { picked: number[]; onToggle: (id: number, on: boolean) => void }) {
  const { data, error, isLoading } = useSWR<ClusterListItem[]>("/api/clusters", fetcher);
  if (isLoading) return <Spinner label="Loading clusters" className="py-2 text-slate-500" />;
  if (error) return <p className="text-sm text-red-700">{messageOf(error, "The clusters could not be loaded.")}</p>;
  const choices = (data ?? []).filter((c) => !c.hidden).map((c) => ({ id: c.id, label: c.name }));
  return <PickList label="Clusters" choices={choices} picked={picked} onToggle={onToggle} />;
}

/** The sections the teacher teaches (GET /api/courses' my_sections). */
function SectionChoices({ picked, onToggle }: { picked: number[]; onToggle: (id: number, on: boolean) => void }) {
  const { data, error, isLoading } = useSWR<CourseList>("/api/courses", fetcher);
  if (isLoading) return <Spinner label="Loading sections" className="py-2 text-slate-500" />;
  if (error) return <p className="text-sm text-red-700">{messageOf(error, "Your sections could not be loaded.")}</p>;
  const choices = (data?.my_sections ?? []).map((s) => ({
    id: s.id,
    label: s.code.toLowerCase().includes(s.course.short_name.toLowerCase()) ? s.code : `${s.course.short_name} ${s.code}`,
  }));
  return <PickList label="Sections" choices={choices} picked={picked} onToggle={onToggle} />;
}
