import type { Metadata, Viewport } from "next";
import { Providers } from "@/components/providers";
import "./globals.css";

// No `title` here: every screen sets "Flexblock - <Screen>" itself (usePageTitle), and a metadata title
// would overwrite it after client-side navigations.
export const metadata: Metadata = {
  applicationName: "Flexblock",
  description: "Flex blocks, check-in and scheduling for your school",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
