import { EmptyState } from "@/components/ui/empty-state";

/** A list with nobody in it: its sentence in a card, without a table's search, filter and pages. */
export function EmptyList({ text }: { text: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <EmptyState title={text} className="py-6" />
    </div>
  );
}
