import { YearScreen } from "@/components/school-calendar/year-screen";

// /calendar/year: the school year's dates, when attendance counts from, and its terms (administrators change them; other staff read them).
export default function SchoolYearPage() {
  return <YearScreen />;
}
