import { StudentListScreen } from "@/components/people/student-list";

// /students: the student list.
export default function StudentsPage() {
  return <StudentListScreen />;
}
