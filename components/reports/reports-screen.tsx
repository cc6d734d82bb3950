"use client";

import { FileSpreadsheet } from "lucide-react";
import { useMemo, useState } from "react";
import { useSignedInUser } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { PrintButton } from "@/components/ui/print-button";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs } from "@/components/ui/tabs";
import { addDays, schoolToday } from "@/lib/core/time";
import { DayView } from "./day-view";
import { PrintedFilters, ReportFilters } from "./report-filters";
import { SisExportHelp } from "./sis-export-help";
import { StudentView } from "./student-view";
import { TeacherView } from "./teacher-view";
import { useCsvDownload, type ReportFilterValues } from "./use-report";

const VIEW_NAMES: Record<string, string> = { student: "By student", teacher: "By teacher", day: "By day" };

/**
 * /reports (staff and sysadmins): Focus Block attendance for a date range by student, teacher or day,
 * filtered by grade and cluster, each view downloadable as CSV, and the SIS export. Teachers see their
 * own blocks and students; administrators everyone (the API decides).
 */
export function ReportsScreen() {
  const { user, settings } = useSignedInUser();
  const zone = settings?.values.timezone?.value;
  const today = useMemo(
    () => schoolToday(typeof zone === "string" && zone ? zone : "UTC", new Date()),
    [zone],
  );
  const [filters, setFilters] = useState<ReportFilterValues>(() => ({
    from: addDays(today, -27),
    to: today,
    grade: "",
    cluster: "",
  }));
  const [tab, setTab] = useState("student");
  const { busy, download } = useCsvDownload();
  const sisPath = `/api/reports/sis-export?from=${filters.from}&to=${filters.to}`;
  const teacher = user.role === "teacher";

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Reports"
        description={
          teacher
            ? "Focus Block attendance of your students and your own blocks."
            : "Focus Block attendance across the school: who came, who missed, and who was excused."
        }
        actions={
          <>
            <PrintButton />
            <Button
              variant="secondary"
              loading={busy === "sis"}
              onClick={() => void download("sis", sisPath, `sis-export-${filters.from}-to-${filters.to}.csv`)}
            >
              <FileSpreadsheet aria-hidden className="size-4" /> Download SIS export
            </Button>
          </>
        }
      />
      <ReportFilters value={filters} onChange={setFilters} today={today} />
      <PrintedFilters filters={filters} view={VIEW_NAMES[tab]} />
      <Tabs
        label="Report views"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: "student",
            label: VIEW_NAMES.student,
            content: <StudentView filters={filters} active={tab === "student"} />,
          },
          {
            value: "teacher",
            label: VIEW_NAMES.teacher,
            content: <TeacherView filters={filters} active={tab === "teacher"} />,
          },
          {
            value: "day",
            label: VIEW_NAMES.day,
            content: <DayView filters={filters} active={tab === "day"} />,
          },
        ]}
      />
      <div className="print:hidden">
        <SisExportHelp />
      </div>
    </div>
  );
}
