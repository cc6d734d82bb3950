import { unzipSync } from "fflate";
import { BundleRefused, refuse, type BundleProblem } from "./bundle-problems";

/**
 * A bundle's zip: its limits, checked from the zip's directory before anything is inflated, and its
 * entries inflated one at a time as they are read.
 */

/** The zip as uploaded. */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
/** What the zip may unpack to, all entries together (a zip bomb declares more and is refused unread). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_ENTRIES = 40;
export interface Zip {
  has(name: string): boolean;
  /** One entry, inflated now (a file at a time, so the event loop gets a turn between files). */
  read(name: string): Uint8Array;
}

/** The zip's entries, every limit checked before anything is inflated; each is inflated when read. */
export function openZip(bytes: Uint8Array): Zip {
  if (bytes.byteLength > MAX_BUNDLE_BYTES) refuse("", `The bundle is larger than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB.`);
  const problems: BundleProblem[] = [];
  let entries = 0;
  let unpacked = 0;
  const names = new Set<string>();
  try {
    unzipSync(bytes, {
      filter(entry) {
        entries += 1;
        if (entries > MAX_ENTRIES) {
          problems.push({ file: "", line: 0, reason: `The bundle has more than ${MAX_ENTRIES} files.` });
          return false;
        }
        if (entry.name.endsWith("/")) {
          problems.push({ file: entry.name, line: 0, reason: "Folders are not allowed in a bundle: put the CSV files at the top of the zip." });
          return false;
        }
        if (/[\\/]/.test(entry.name) || entry.name.includes("..") || entry.name.includes("\0")) {
          problems.push({ file: entry.name, line: 0, reason: "A file name in the bundle has a path: put the CSV files at the top of the zip." });
          return false;
        }
        unpacked += entry.originalSize;
        if (unpacked > MAX_UNPACKED_BYTES) {
          problems.push({ file: entry.name, line: 0, reason: `The bundle unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB.` });
          return false;
        }
        // A compression ratio no CSV reaches: a zip bomb.
        if (entry.originalSize > 1024 * 1024 && entry.originalSize > entry.size * 1000) {
          problems.push({ file: entry.name, line: 0, reason: "A file in the bundle is compressed more than any CSV could be (a zip bomb)." });
          return false;
        }
        names.add(entry.name);
        return false;
      },
    });
  } catch {
    refuse("", "The file is not a zip archive that can be read.");
  }
  if (problems.length) throw new BundleRefused(problems);
  return {
    has: (name) => names.has(name),
    read(name) {
      try {
        const entry = unzipSync(bytes, { filter: (e) => e.name === name })[name];
        if (entry) return entry;
      } catch {
        // refused below
      }
      return refuse(name, "The file could not be unpacked from the zip (it is damaged).");
    },
  };
}
