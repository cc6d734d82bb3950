import { NotificationsScreen } from "@/components/reach/notifications-screen";

// /notifications: the signed-in person's own notification settings (a student's are on their profile)
export default function NotificationsPage() {
  return <NotificationsScreen />;
}
