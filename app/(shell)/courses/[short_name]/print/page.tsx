"use client";

import { useParams } from "next/navigation";
import { Suspense } from "react";
import { ClassListView } from "@/components/printing/class-list";

// /courses/{short_name}/print?section={id}: a section's class list (or every section's), to print.
export default function ClassListPage() {
  const { short_name } = useParams<{ short_name: string }>();
  const shortName = decodeURIComponent(short_name);
  return (
    <Suspense>
      <ClassListView key={shortName} shortName={shortName} />
    </Suspense>
  );
}
