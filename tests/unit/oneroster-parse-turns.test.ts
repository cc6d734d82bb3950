/** @jest-environment node */
import { turnTaker } from "@/lib/event-loop";
import { BundleRefused, parseBundle } from "@/lib/oneroster/parse";
import { planBundle } from "@/lib/oneroster/plan";
import { buildBundle, bundleFiles, smallSchool } from "../helpers/oneroster-bundle";
import { emptyRoster } from "../helpers/oneroster-rows";

/**
 * parseBundle and planBundle run on the server's event loop (the dry-run request and the import job,
 * beside teachers' check-in requests): reading a large bundle in one go held every other request for
 * its whole length (0.3–0.5 s for 2,000 students here, more on a busy machine). They call their turn
 * taker throughout — after each 4 KB of CSV (its rows checked as they are parsed) and for each record
 * planned — and it gives the loop a turn once a few milliseconds of work have run.
 */
const school = () => smallSchool({ students: 600, teachers: 20, sections: 60, perStudent: 8 });

/** A turn taker that counts its calls and, like the real one with a zero slice, always yields. */
function countingTurns() {
  const counted = { calls: 0, turn: turnTaker(0) };
  return {
    counted,
    turn: () => {
      counted.calls += 1;
      return counted.turn();
    },
  };
}

it("takes its turns in every loop: per 4 KB of CSV while parsing, per record while planning", async () => {
  const parsing = countingTurns();
  const csvBytes = Object.values(bundleFiles(school())).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const bundle = await parseBundle(buildBundle(school()), parsing.turn);
  expect(bundle.enrollments).toHaveLength(600 * 8 + 60);
  expect(parsing.counted.calls).toBeGreaterThanOrEqual(Math.floor(csvBytes / 4096));

  const planning = countingTurns();
  const empty = emptyRoster();
  const plan = await planBundle(bundle, empty, { grades: { min: 8, max: 12 } }, planning.turn);
  expect(plan.counts.created).toBeGreaterThan(0);
  expect(planning.counted.calls).toBeGreaterThan(600 + 600 * 8);
});

it("a turn taker yields to the event loop only once its slice of work has run", async () => {
  let ticks = 0;
  const ticking = setInterval(() => (ticks += 1), 0);
  const never = turnTaker(60_000);
  for (let i = 0; i < 20; i++) await never();
  expect(ticks).toBe(0);
  const always = turnTaker(0);
  const started = performance.now();
  while (ticks === 0 && performance.now() - started < 1000) await always();
  clearInterval(ticking);
  expect(ticks).toBeGreaterThan(0);
});

it("reads every character across its chunks: accents, other scripts and emoji in a large file", async () => {
  const spec = school();
  const names = ["Élodie", "Zoë", "Łukasz", "Nguyễn", "李华", "Ana-María 😀", "Ñuñez"];
  spec.users = spec.users!.map((u, i) => ({ ...u, givenName: `${names[i % names.length]}${i}`, familyName: `Ünal "${i}"` }));
  const bundle = await parseBundle(buildBundle(spec));
  expect(bundle.users.map((u) => [u.givenName, u.familyName])).toEqual(spec.users.map((u) => [u.givenName, u.familyName]));
});

it("still refuses a broken bundle, as a rejection", async () => {
  await expect(parseBundle(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(BundleRefused);
});
