"use client";

import { useMemo, useState } from "react";
import useSWR from "swr";
import { StudentChecklist } from "@/components/people/student-checklist";
import { SearchField } from "@/components/ui/search-field";
import type { StudentListItem } from "@/lib/people/lists.server";
import { compareNames, matchesWords } from "@/lib/core/fold";

/**
 * Choosing students by name from the school's list (GET /api/students), leaving out those already in
 * (a cluster's members, a section's class list): the search text, the matches in name order, and the
 * students chosen. Shared by the cluster's "Add students" and the section's "Enrol students".
 */
export function useStudentPicker(already: readonly { id: number }[]) {
  const { data: students, error } = useSWR<StudentListItem[]>("/api/students");
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const excluded = useMemo(() => new Set(already.map((s) => s.id)), [already]);
  const matches = useMemo(
    () =>
      (students ?? [])
        .filter((s) => !excluded.has(s.id))
        .filter((s) => matchesWords(`${s.first_name} ${s.last_name}`, text))
        .sort(compareNames),
    [students, excluded, text],
  );
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const status = chosen.size === 1 ? "1 student chosen" : `${chosen.size} students chosen`;
  return { students, error, text, setText, chosen, toggle, matches, status };
}

export type StudentPicker = ReturnType<typeof useStudentPicker>;

/** The search box ("Search students by name") above the checklist of matches. */
export function StudentPickerFields({ picker, autoFocus }: { picker: StudentPicker; autoFocus?: boolean }) {
  return (
    <>
      <SearchField
        label="Search students by name"
        placeholder="Search by name"
        value={picker.text}
        onChange={(e) => picker.setText(e.target.value)}
        autoFocus={autoFocus}
      />
      <StudentChecklist
        students={picker.students}
        error={picker.error}
        matches={picker.matches}
        chosen={picker.chosen}
        onToggle={picker.toggle}
      />
    </>
  );
}
