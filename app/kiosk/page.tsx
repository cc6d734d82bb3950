import { KioskScreen } from "@/components/kiosk/kiosk-screen";

// /kiosk: the check-in kiosk's full-screen page. No user signs in here: the device holds a kiosk token.
export default function KioskPage() {
  return <KioskScreen />;
}
