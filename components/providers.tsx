"use client";

import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthProvider } from "@/components/auth/auth-provider";
import { LocaleSync } from "@/components/i18n/locale-sync";
import { Toaster } from "@/components/ui/snackbar";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ApiClientError, fetcher } from "@/lib/api/request.client";

/** Everything the app needs around every page: data fetching, tooltips, sign-in state, snackbars. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fetcher,
        revalidateOnFocus: false,
        // Client errors will not fix themselves by retrying; network and server faults might.
        shouldRetryOnError: (error) =>
          !(error instanceof ApiClientError) || error.status === 0 || error.status >= 500,
        errorRetryCount: 2,
      }}
    >
      <TooltipProvider>
        <AuthProvider>
          <LocaleSync />
          {children}
        </AuthProvider>
        <Toaster />
      </TooltipProvider>
    </SWRConfig>
  );
}
