import { Button } from "@/components/ui/button";

/** The bar under the settings while some are changed: how many, Discard and Save changes. */
export function UnsavedChangesBar(props: {
  count: number;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { count, saving, onDiscard, onSave } = props;
  return (
    <div
      role="region"
      aria-label="Unsaved changes"
      className="sticky bottom-4 z-10 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur"
    >
      <p className="text-sm text-slate-700">
        {count === 1 ? "1 unsaved change" : `${count} unsaved changes`}
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={onDiscard} disabled={saving}>
          Discard
        </Button>
        <Button onClick={onSave} loading={saving}>
          Save changes
        </Button>
      </div>
    </div>
  );
}
