import type { z } from "zod";

/**
 * Reads a route's zod schemas to build a valid-looking input (the baseline) whose fields the fuzzer then
 * breaks one at a time: a request that is right everywhere but one field reaches the service and the
 * database, where the 500s hide, instead of stopping at the first 422.
 */

interface Check {
  _zod: {
    def: {
      check: string;
      format?: string;
      pattern?: RegExp;
      value?: number;
      inclusive?: boolean;
      minimum?: number;
      maximum?: number;
    };
  };
}

interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: Check[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  element?: z.ZodType;
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values a field name promises; the test fills them from its fixtures (real ids, a school day). */
export type Hints = Array<[RegExp, unknown]>;

const UNSET = Symbol("unset");

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/**
 * The side of a pipe to sample: the output (what must pass: the schema after z.preprocess, an email
 * after a trim), unless the output is the transform itself (`z.string().transform(fn)`).
 */
const pipeSide = (def: Def) => (defOf(def.out!).type === "transform" ? def.in! : def.out!);

/** A value the schema should accept, guided by the field's name; UNSET for "leave the key out". */
function sample(schema: z.ZodType, key: string, hints: Hints): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return sample(def.innerType!, key, hints);
  if (def.type === "pipe") return sample(pipeSide(def), key, hints);
  // A list of ids holds one of the ids its name promises.
  if (def.type === "array") return [sample(def.element!, key, hints)];
  const hint = hints.find(([pattern]) => pattern.test(key));
  if (hint) return hint[1];
  switch (def.type) {
    case "object":
      return baselineOf(schema, hints);
    case "union":
      return sample(def.options![def.options!.length - 1]!, key, hints);
    case "enum":
      return Object.values(def.entries!)[0];
    case "literal":
      return def.values![0];
    case "record":
      return {};
    case "boolean":
      return true;
    case "number":
    case "int":
      return numberFor(def);
    case "string":
      return stringFor(def);
    default:
      return UNSET;
  }
}

const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** The smallest whole number of at least 1 the checks allow (grades 8–12 give 8). */
function numberFor(def: Def): number {
  let value = 1;
  for (const check of checksOf(def)) {
    if (check.check === "greater_than" && check.value !== undefined) {
      value = Math.max(value, check.inclusive ? check.value : Math.floor(check.value) + 1);
    }
  }
  return value;
}

/** Plain text that passes the string's format, pattern and length checks, when one of a few does. */
function stringFor(def: Def): string {
  const checks = checksOf(def);
  const format = def.format ?? checks.find((check) => check.check === "string_format")?.format;
  if (format === "email") return "fuzz.person@test.school";
  if (format === "datetime") return new Date().toISOString();
  const pattern = def.pattern ?? checks.find((check) => check.check === "string_format")?.pattern;
  const min = Math.max(
    0,
    ...checks.map((check) => (check.check === "min_length" ? (check.minimum ?? 0) : 0)),
  );
  const max = Math.min(
    ...checks.map((check) => (check.check === "max_length" ? (check.maximum ?? Infinity) : Infinity)),
  );
  const fits = (text: string) => text.length >= min && text.length <= max && (!pattern || pattern.test(text));
  return ["Fuzz", "FZ", "123456", "F", "fuzz-1", "Fuzz".padEnd(min, "z")].find(fits) ?? "Fuzz";
}

/** A valid-looking object for an object schema (hints first, then the schema's types). */
export function baselineOf(schema: z.ZodType | undefined, hints: Hints): Record<string, unknown> {
  if (!schema) return {};
  let def = defOf(schema);
  while (def.type !== "object" && (def.innerType || def.type === "pipe")) {
    def = defOf(def.innerType ?? pipeSide(def));
  }
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    const value = sample(field, key, hints);
    if (value !== UNSET) result[key] = value;
  }
  return result;
}

/** Every path to a leaf or container in a JSON value (`["chips", 0, "value"]`, `["chips"]`, …). */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  const inner = entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]));
  return prefix.length ? [prefix, ...inner] : inner;
}

/** A deep copy with the value at `path` replaced (own properties only: `__proto__` stays a plain key). */
export function withValue<T>(root: T, path: (string | number)[], value: unknown): T {
  const copy = JSON.parse(JSON.stringify(root)) as T;
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  Object.defineProperty(target, path[path.length - 1]!, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

export const describePath = (path: (string | number)[]) => path.join(".");
