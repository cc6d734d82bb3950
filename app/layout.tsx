import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { Providers } from "@/components/providers";
import { SCHOOL_LANGUAGE } from "@/lib/core/fold";
import "./globals.css";

// No `title` here: every screen sets "Flexblock - <Screen>" itself (usePageTitle), and a metadata title
// would overwrite it after client-side navigations.
export const metadata: Metadata = {
  applicationName: "Flexblock",
  description: "Flex blocks, check-in and scheduling for your school",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page render per request, so Next.js can put this request's
  // Content-Security-Policy nonce (proxy.ts) on its scripts.
  await headers();
  return (
    <html lang={SCHOOL_LANGUAGE}>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
