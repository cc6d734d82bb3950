import { TimetableScreen } from "@/components/school-calendar/timetable-screen";

// /calendar/timetable: the bell schedule (cycle, blocks, times, alternates) and when it takes effect (administrators change it; other staff read it).
export default function BellSchedulePage() {
  return <TimetableScreen />;
}
