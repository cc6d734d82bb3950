"use client";

import { useParams } from "next/navigation";
import { Suspense } from "react";
import { StudentWeekView } from "@/components/printing/student-week";
import { NoMatch } from "@/components/shell/no-match";

// /students/{studentID}/print?date=: the student's week, to print (for a parent meeting).
export default function StudentWeekPage() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d+$/.test(id)) return <NoMatch />;
  return (
    <Suspense>
      <StudentWeekView key={id} studentId={Number(id)} />
    </Suspense>
  );
}
