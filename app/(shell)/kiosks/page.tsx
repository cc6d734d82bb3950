import { KioskAdmin } from "@/components/kiosk/kiosk-admin";

// /kiosks: administrators register, list and revoke check-in kiosks.
export default function KiosksPage() {
  return <KioskAdmin />;
}
