import { PowerSchedulerScreen } from "@/components/power-scheduler/power-scheduler";

// /power-scheduler: appointments or amendments for many students at once, and the batches with Undo.
export default function PowerSchedulerPage() {
  return <PowerSchedulerScreen />;
}
