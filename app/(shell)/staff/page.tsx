import { StaffListScreen } from "@/components/people/staff-list";

// /staff: the staff list.
export default function StaffPage() {
  return <StaffListScreen />;
}
