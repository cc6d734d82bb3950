import { createSerwistRoute } from "@serwist/turbopack";

const distDir = (process.env.NEXT_DIST_DIR ?? ".next").replace(/^\.\//, "").replace(/\/$/, "");

// GET /serwist/sw.js: the check-in screen's service worker (lib/pwa/sw.client.ts), bundled with esbuild and
// given the build's precache manifest when the app is built (a static route, so nothing runs per request).
// @serwist/turbopack is Serwist's documented way for Turbopack builds (the webpack plugin of
// @serwist/next does not run under Turbopack).
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "lib/pwa/sw.client.ts",
  useNativeEsbuild: true,
  // The app's hashed assets; the pages themselves are rendered per request (CSP nonce) and cached at run time.
  globPatterns: [`${distDir}/static/**/*.{js,css,woff2}`, "public/icons/*.png"],
});
