/** @jest-environment node */
import { BundleRefused, parseBundle } from "@/lib/oneroster/parse";
import { buildBundle, smallSchool } from "../helpers/oneroster-bundle";

/**
 * parseBundle runs on the server's event loop (the dry-run request and the import job): reading a large
 * bundle in one go held every other request (a teacher's check-in status) for its whole length, about
 * 0.3 s for 2,000 students here, more on a busy machine. It gives the loop a turn every 200 rows and
 * between files.
 */
it("gives the event loop turns while it reads a large bundle", async () => {
  const bundle = buildBundle(smallSchool({ students: 600, teachers: 20, sections: 60, perStudent: 8 }));
  let turns = 0;
  let reading = true;
  const tick = () => {
    if (!reading) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const parsed = await parseBundle(bundle);
  reading = false;
  expect(parsed.enrollments).toHaveLength(600 * 8 + 60);
  // At least one turn per 200 rows of enrolments (in one go there were none).
  expect(turns).toBeGreaterThanOrEqual(Math.floor((600 * 8) / 200));
});

it("still refuses a broken bundle, as a rejection", async () => {
  await expect(parseBundle(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(BundleRefused);
});
