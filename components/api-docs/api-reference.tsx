"use client";

import "@scalar/api-reference/style.css";
import { useEffect, useRef, useState } from "react";
import { usePageTitle } from "@/components/ui/page-title";

/**
 * The API reference (Scalar), mounted in the browser from /api/openapi.json. Bundled with the app, so
 * its scripts load under the page's nonce ('strict-dynamic'); no fonts, telemetry, AI agent or request
 * proxy from outside (the CSP allows only our own origin), and no "try it" client: calls need a token anyway.
 */
export function ApiReference() {
  usePageTitle("API reference");
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let app: { destroy?: () => void } | undefined;
    let cancelled = false;
    import("@scalar/api-reference")
      .then(({ createApiReference }) => {
        if (cancelled || !container.current) return;
        app = createApiReference(container.current, {
          url: "/api/openapi.json",
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideTestRequestButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: "light",
          documentDownloadType: "json",
          showDeveloperTools: "never",
          persistAuth: false,
          agent: { disabled: true },
        }) as { destroy?: () => void };
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      app?.destroy?.();
    };
  }, []);

  return (
    <main aria-label="Flexblock API reference" className="min-h-dvh bg-white">
      {failed ? (
        <p role="alert" className="p-6 text-slate-700">
          The API reference could not load. The document itself is at{" "}
          <a className="text-indigo-700 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
      ) : (
        <div ref={container} data-testid="api-reference" />
      )}
    </main>
  );
}
