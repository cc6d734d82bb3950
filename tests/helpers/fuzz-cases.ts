import fc from "fast-check";
import type { ApiRoute, FuzzRequest } from "./fuzz";
import { baselineOf, describePath, pathsOf, withValue, type Hints } from "./fuzz-shape";
import {
  catalogueOf,
  EXTREME_DATES,
  HOSTILE_BODIES,
  RAW_BODIES,
  hostileJson,
  hostileString,
  strayKey,
} from "./fuzz-values";

/**
 * Turns a route into malformed requests: each starts from a valid-looking baseline and breaks one
 * thing (a path parameter, a query value, a body field, the body's type, the body's bytes).
 */

export interface Baseline {
  params: Record<string, string | string[]>;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

/** The `where` of the unbroken baseline request. */
export const BASELINE = "baseline";

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Baseline inputs from the route's schemas; `paramHints` may fill path ids per route (a real row). */
export function baselineFor(route: ApiRoute, hints: Hints, paramHints: Hints = []): Baseline {
  const fromSchema = baselineOf(route.schemas.params, [...paramHints, ...hints]);
  const params: Baseline["params"] = {};
  for (const { name, catchAll } of route.params) {
    const value = fromSchema[name] ?? paramHints.find(([p]) => p.test(name))?.[1] ?? "1";
    params[name] = catchAll ? [asText(value)] : asText(value);
  }
  for (const [key, value] of Object.entries(fromSchema)) if (!(key in params)) params[key] = asText(value);
  const query = Object.fromEntries(
    Object.entries(baselineOf(route.schemas.query, hints)).map(([k, v]) => [k, asText(v)]),
  );
  return { params, query, body: baselineOf(route.schemas.body, hints) };
}

/** Does the route read a body at all? (A schema, or an upload route that reads its own form.) */
const readsBody = (route: ApiRoute) =>
  route.method !== "GET" && (route.schemas.body !== undefined || route.roles !== undefined);

interface Point<T> {
  /** The valid value the point holds in the baseline (decides which catalogue it meets). */
  valid: unknown;
  apply: (value: T) => FuzzRequest;
}

/** The places one value can be broken, each a function from the value to a request. */
function attackPoints(route: ApiRoute, baseline: Baseline) {
  const start = (where: string): FuzzRequest => ({
    where,
    params: baseline.params,
    query: baseline.query,
    body: readsBody(route) ? { json: baseline.body } : undefined,
  });
  const strings: Point<string>[] = [];
  const json: Point<unknown>[] = [];
  for (const { name, catchAll } of route.params) {
    const valid = baseline.params[name];
    strings.push({
      valid: Array.isArray(valid) ? valid[0] : valid,
      apply: (value) => ({
        ...start(`param ${name}`),
        params: { ...baseline.params, [name]: catchAll ? [value] : value },
      }),
    });
  }
  for (const key of Object.keys(baseline.query)) {
    strings.push({
      valid: baseline.query[key],
      apply: (value) => ({ ...start(`query ${key}`), query: { ...baseline.query, [key]: value } }),
    });
  }
  if (route.schemas.body) {
    for (const path of pathsOf(baseline.body)) {
      json.push({
        valid: path.reduce<unknown>(
          (value, key) => (value as Record<string | number, unknown>)[key],
          baseline.body,
        ),
        apply: (value) => ({
          ...start(`body ${describePath(path)}`),
          body: { json: withValue(baseline.body, path, value) },
        }),
      });
    }
  }
  return { strings, json, start };
}

/**
 * Could a route accept this value (plain text, a small number, a boolean)? Such values go last in the
 * catalogue: a create route that accepts one may refuse every later request as a duplicate (409), and
 * the hostile values must reach the database before that happens.
 */
function mayBeAccepted(value: unknown): boolean {
  if (typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) <= MAX_INT;
  if (typeof value !== "string") return false;
  return !UNSAFE_TEXT.test(value) && !EXTREME_DATES.includes(value) && !/\d{10}/.test(value);
}
const MAX_INT = 2 ** 31 - 1;
const UNSAFE_TEXT =
  /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The fixed catalogue for one route: every attack point meets every catalogued value for its kind once. */
export function catalogueFor(route: ApiRoute, baseline: Baseline): FuzzRequest[] {
  const { strings, json, start } = attackPoints(route, baseline);
  const cases: Array<{ request: FuzzRequest; late: boolean }> = [];
  for (const point of strings) {
    for (const value of catalogueOf(point.valid, true))
      cases.push({ request: point.apply(value as string), late: mayBeAccepted(value) });
  }
  for (const point of json) {
    for (const value of catalogueOf(point.valid))
      cases.push({ request: point.apply(value), late: mayBeAccepted(value) });
  }
  if (readsBody(route)) {
    for (const value of HOSTILE_BODIES)
      cases.push({ request: { ...start("whole body"), body: { json: value } }, late: false });
    for (const raw of RAW_BODIES)
      cases.push({ request: { ...start("raw body"), body: { raw } }, late: false });
  }
  // Stable: the order within each group stays as written. The baseline itself goes last, where it
  // shows whether the route accepts it (a refused baseline means the fuzzing stopped short of the service).
  const ordered = [...cases.filter((c) => !c.late), ...cases.filter((c) => c.late)].map((c) => c.request);
  return [...ordered, start(BASELINE)];
}

/** Random requests for one route: one broken place at a time, or stray keys, or a wrong body. */
export function arbitraryFor(route: ApiRoute, baseline: Baseline): fc.Arbitrary<FuzzRequest> {
  const { strings, json, start } = attackPoints(route, baseline);
  const options: Array<fc.WeightedArbitrary<FuzzRequest>> = [
    {
      weight: 1,
      arbitrary: fc.tuple(strayKey, hostileString).map(([key, value]) => ({
        ...start(`query key ${JSON.stringify(key)}`),
        query: { ...baseline.query, [key]: value },
      })),
    },
  ];
  if (strings.length) {
    options.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...strings), hostileString)
        .map(([point, value]) => point.apply(value)),
    });
  }
  if (json.length) {
    options.push({
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...json), hostileJson).map(([point, value]) => point.apply(value)),
    });
    // Several fields broken at once, and stray keys beside the real ones.
    options.push({
      weight: 2,
      arbitrary: fc
        .dictionary(fc.constantFrom(...Object.keys(baseline.body), "__proto__", "constructor"), hostileJson, {
          maxKeys: 4,
        })
        .map((extra) => ({ ...start("body fields"), body: { json: withAll(baseline.body, extra) } })),
    });
  }
  if (readsBody(route)) {
    options.push({
      weight: 1,
      arbitrary: fc
        .oneof(hostileJson, fc.array(fc.constant(baseline.body), { maxLength: 3 }))
        .map((value) => ({
          ...start("whole body"),
          body: { json: value },
        })),
    });
  }
  return fc.oneof(...options);
}

function withAll(body: Record<string, unknown>, extra: Record<string, unknown>) {
  let result = body;
  for (const [key, value] of Object.entries(extra)) result = withValue(result, [key], value);
  return result;
}
