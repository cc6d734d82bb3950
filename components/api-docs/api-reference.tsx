"use client";

import "@scalar/api-reference/style.css";
import { useEffect, useRef, useState } from "react";
import { usePageTitle } from "@/components/ui/page-title";

/**
 * Scalar's light theme fails WCAG AA contrast (grey text, method colours) and has 22 px group toggles:
 * darker values of its own --scalar-* variables, and 24 px toggles (axe clean, tests/e2e/api-tokens).
 */
const ACCESSIBLE_CSS = `
.light-mode {
  --scalar-color-2: #5c5c5c;
  --scalar-color-3: #616161;
  --scalar-color-green: #00754c;
  --scalar-color-red: #c40008;
  --scalar-color-blue: #006aa8;
  --scalar-color-orange: #b34100;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-query: #006b70;
}
.dark-mode {
  --scalar-color-red: #ff6161;
}
li[data-sidebar-id] > .group\\/group-button > button[aria-expanded] {
  min-width: 24px;
  min-height: 24px;
}
`;

/** Scalar's copy buttons are icons without a name; they get one as they appear. */
function nameCopyButtons(root: HTMLElement) {
  const name = () =>
    root.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach((button) => {
      button.setAttribute("aria-label", "Copy code");
    });
  name();
  const observer = new MutationObserver(name);
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}

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
    const observer = container.current ? nameCopyButtons(container.current) : undefined;
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
          // Its "open in an MCP client" link uploads the document to Scalar's servers (and fails axe).
          mcp: { disabled: true },
          customCss: ACCESSIBLE_CSS,
        }) as { destroy?: () => void };
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
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
