import { Button } from "@/components/ui/button";
import type { PanelNotice } from "./use-notification-actions";

/** What the panel just did ("Archived 1 message."), with Undo for an archived message. */
export function PanelNoticeBar({ notice, onUndo }: { notice: PanelNotice | null; onUndo: (id: number) => void }) {
  return (
    <div role="status" className="px-2 pt-2">
      {notice && (
        <div className="mb-2 flex items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white">
          {notice.text}
          {notice.undo !== undefined && (
            <Button size="sm" variant="secondary" onClick={() => onUndo(notice.undo!)}>
              Undo
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
