import { StudentSelfProfile } from "@/components/profile/student-self-profile";

export default function ProfilePage() {
  return <StudentSelfProfile />;
}
