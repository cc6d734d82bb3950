"use client";

import { useParams } from "next/navigation";
import { NoMatch } from "@/components/shell/no-match";
import { StudentProfileView } from "@/components/profile/student-profile";

// /students/{studentID}: a student's profile and week, for staff and sysadmins.
export default function StudentProfilePage() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d+$/.test(id)) return <NoMatch />;
  return <StudentProfileView key={id} who={Number(id)} fallbackTitle="Students" />;
}
