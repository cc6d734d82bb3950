"use client";

import { useParams } from "next/navigation";
import { NoMatch } from "@/components/shell/no-match";
import { StaffProfileScreen } from "@/components/profile/staff-profile";

// /staff/{staffID}: a teacher's profile and week (the id is numeric).
export default function StaffProfilePage() {
  const { id } = useParams<{ id: string }>();
  if (!/^\d+$/.test(id)) return <NoMatch />;
  return <StaffProfileScreen key={id} staffId={Number(id)} />;
}
