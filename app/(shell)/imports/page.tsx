import { ImportsListScreen } from "@/components/imports/imports-list";
import { OneRosterImport } from "@/components/imports/oneroster-import";
import { RosterSourcePanel } from "@/components/imports/roster-source-panel";

// /imports: past CSV imports of students and staff, with their outcome; the connection to the SIS
// (OneRoster REST, synced nightly); and the OneRoster (SIS) bundle import.
export default function ImportsPage() {
  return (
    <>
      <ImportsListScreen />
      <RosterSourcePanel />
      <OneRosterImport />
    </>
  );
}
