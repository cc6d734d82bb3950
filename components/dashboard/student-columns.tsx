import Link from "next/link";
import { focusRing } from "@/components/ui/button";
import type { DataColumn } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";
import { gradeLabel } from "@/lib/grade-range";

/** What every dashboard list says about a student (numbers null where the privacy setting hides them). */
export interface ListedStudent {
  student_id: number;
  name: string;
  student_number: string | null;
  grade: number;
  homeroom: string | null;
}

/** A student's name as a link to their page. */
export function StudentLink({ id, name }: { id: number; name: string }) {
  return (
    <Link
      href={`/students/${id}`}
      className={cn("rounded-sm font-medium text-indigo-700 hover:underline", focusRing)}
    >
      {name}
    </Link>
  );
}

/**
 * The student columns of a list: name (a link), number, grade and homeroom. The number column is left
 * out when no row has one, so a school that hides numbers shows no empty column.
 */
export function studentColumns<T extends ListedStudent>(rows: T[] | undefined): DataColumn<T>[] {
  const numbers = rows?.some((row) => row.student_number !== null) ?? false;
  return [
    {
      id: "name",
      header: "Student",
      value: (r) => r.name,
      cell: (r) => <StudentLink id={r.student_id} name={r.name} />,
    },
    ...(numbers
      ? [
          {
            id: "number",
            header: "Student number",
            value: (r: T) => r.student_number,
            secondary: "sm" as const,
          },
        ]
      : []),
    {
      id: "grade",
      header: "Grade",
      value: (r) => r.grade,
      cell: (r) => gradeLabel(r.grade),
      kind: "number",
      secondary: "sm",
    },
    { id: "homeroom", header: "Homeroom", value: (r) => r.homeroom ?? "", secondary: "md" },
  ];
}
