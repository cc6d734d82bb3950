import { CalendarScreen } from "@/components/school-calendar/calendar-screen";

// /calendar: the school calendar month by month; administrators change days and import calendars.
export default function SchoolCalendarPage() {
  return <CalendarScreen />;
}
