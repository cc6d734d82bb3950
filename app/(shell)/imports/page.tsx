import { ImportsListScreen } from "@/components/imports/imports-list";

// /imports: past CSV imports of students and staff, with their outcome.
export default function ImportsPage() {
  return <ImportsListScreen />;
}
