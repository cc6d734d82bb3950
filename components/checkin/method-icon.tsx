import { CalendarClock, FilePen, History, Keyboard, ListChecks, TabletSmartphone, Wifi, type LucideIcon } from "lucide-react";
import { methodLabel } from "@/components/calendar/method-labels";
import { Tooltip } from "@/components/ui/tooltip";

const ICONS: Record<string, LucideIcon> = {
  manual: Keyboard,
  air: Wifi,
  kiosk: TabletSmartphone,
  "roll-call": ListChecks,
  amendment: FilePen,
  proactive: CalendarClock,
  retroactive: History,
};

/** How a check-in was made, as an icon whose accessible name and tooltip are the spec §4 label. */
export function MethodIcon({ method }: { method: string }) {
  const Icon = ICONS[method] ?? Keyboard;
  const label = methodLabel(method);
  return (
    <Tooltip content={label}>
      <span
        role="img"
        aria-label={label}
        className="inline-flex size-7 items-center justify-center rounded-md text-slate-600"
      >
        <Icon aria-hidden className="size-4" />
      </span>
    </Tooltip>
  );
}
