import { ImportsListScreen } from "@/components/imports/imports-list";
import { OneRosterImport } from "@/components/imports/oneroster-import";

// /imports: past CSV imports of students and staff, with their outcome; and the OneRoster (SIS) import.
export default function ImportsPage() {
  return (
    <>
      <ImportsListScreen />
      <OneRosterImport />
    </>
  );
}
