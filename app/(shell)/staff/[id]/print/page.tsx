"use client";

import { useParams } from "next/navigation";
import { Suspense } from "react";
import { FocusBlockListView } from "@/components/printing/focus-block-list";
import { NoMatch } from "@/components/shell/no-match";

// /staff/{staffID}/print?date=: the teacher's Focus Block list for a date, to print.
export default function FocusBlockListPage() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d+$/.test(id)) return <NoMatch />;
  return (
    <Suspense>
      <FocusBlockListView key={id} staffId={Number(id)} />
    </Suspense>
  );
}
