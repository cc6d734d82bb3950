"use client";

import { Search } from "lucide-react";
import { useMemo, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { inputClasses } from "@/components/ui/text-field";
import { apiPost, messageOf } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { ClusterPage } from "@/lib/clusters/present";
import { StudentChecklist } from "@/components/people/student-checklist";
import type { StudentListItem } from "@/lib/people/lists.server";
import { AddByNumbers } from "./add-by-numbers";
import { compareNames, matchesWords } from "@/lib/search/fold";

/** How many matches the picker lists at once; typing narrows it. */

/**
 * Choose students (searching by name), or paste student numbers or choose a CSV, and add them to a
 * cluster: POST /api/clusters/{id}/members.
 */
export function AddMembersDialog({
  open,
  onOpenChange,
  cluster,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cluster: ClusterPage;
  onAdded: (cluster: ClusterPage) => unknown;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Add students to ${cluster.name}`} size="md">
      {open && <Picker cluster={cluster} onCancel={() => onOpenChange(false)} onAdded={onAdded} />}
    </Dialog>
  );
}

function Picker({
  cluster,
  onCancel,
  onAdded,
}: {
  cluster: ClusterPage;
  onCancel: () => void;
  onAdded: (c: ClusterPage) => unknown;
}) {
  const { data: students, error } = useSWR<StudentListItem[]>("/api/students");
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const members = useMemo(() => new Set(cluster.members.map((m) => m.id)), [cluster.members]);
  const matches = useMemo(() => {
    return (students ?? [])
      .filter((s) => !members.has(s.id))
      .filter((s) => matchesWords(`${s.first_name} ${s.last_name}`, text))
      .sort(compareNames);
  }, [students, members, text]);

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function add() {
    setBusy(true);
    try {
      const updated = await apiPost<ClusterPage>(`/api/clusters/${cluster.id}/members`, {
        student_ids: [...chosen],
      });
      snackbar(chosen.size === 1 ? "Added 1 student." : `Added ${chosen.size} students.`, {
        tone: "success",
      });
      await onAdded(updated);
    } catch (failure) {
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 pb-2">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Search students by name"
          placeholder="Search by name"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus
          className={cn(inputClasses(), "pl-9")}
        />
      </div>
      <StudentChecklist
        students={students}
        error={error}
        matches={matches}
        chosen={chosen}
        onToggle={toggle}
      />
      <AddByNumbers cluster={cluster} onAdded={onAdded} />
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {chosen.size === 1 ? "1 student chosen" : `${chosen.size} students chosen`}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={add} loading={busy} disabled={chosen.size === 0}>
            Add students
          </Button>
        </div>
      </div>
    </div>
  );
}
