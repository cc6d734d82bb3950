import { StudentHelp } from "@/components/wiki/student-help";

// /help: the help pages written for students.
export default function HelpPage() {
  return <StudentHelp />;
}
