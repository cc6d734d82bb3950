import { redirect } from "next/navigation";

// "/" is the check-in screen; the shell sends students on to /profile and signed-out users to the login screen.
export default function Home() {
  redirect("/check-in");
}
