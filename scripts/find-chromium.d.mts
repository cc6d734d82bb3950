export const HOW_TO_GET_CHROMIUM: string;
export function findChromium(options?: {
  env?: Record<string, string | undefined>;
  home?: string;
  exists?: (file: string) => boolean;
}): { path: string; source: string } | { path: null; message: string };
