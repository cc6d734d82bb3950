/** Shared pieces of `npm run bench`: load generation, percentiles, the floor, and the report. */
import autocannon from "autocannon";

export interface BenchFigure {
  name: string;
  /** null: measured for the record, no budget. */
  budgetMs: number | null;
  /** Which percentile the budget is about. */
  budgetOn: "p50" | "p95" | "max";
  p50: number;
  p95: number;
  max: number;
  rps?: number;
  /** The same work in-process with no HTTP: the floor under the HTTP figure. */
  floorP50?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? NaN };
}

export interface DriveOptions {
  token?: string;
  method?: "GET" | "POST";
  body?: unknown;
  connections: number;
  seconds: number;
  /** More request headers (e.g. If-None-Match). */
  headers?: Record<string, string>;
  /** The status every answer must have (default: any 2xx). */
  expectStatus?: number;
}

/** Drives one URL with autocannon; only 2xx answers count, and any other answer fails the run. */
export async function drive(url: string, options: DriveOptions) {
  const latencies: number[] = [];
  let wrong = 0;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const ok = (status: number) =>
    options.expectStatus === undefined ? status >= 200 && status < 300 : status === options.expectStatus;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url,
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        connections: options.connections,
        duration: options.seconds,
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    run.on("response", (_client, statusCode, _bytes, ms) => {
      if (ok(statusCode)) latencies.push(ms);
      else wrong++;
    });
  });
  if (wrong > 0 || result.errors > 0) {
    throw new Error(`${url}: ${wrong} answers with another status, ${result.errors} errors`);
  }
  return { ...summarize(latencies), rps: latencies.length / options.seconds };
}

/** Times `work` one call at a time. */
export async function timeSequential(work: () => Promise<unknown>, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

export const passes = (figure: BenchFigure) =>
  figure.budgetMs === null || figure[figure.budgetOn] <= figure.budgetMs;

export function printFigures(figures: BenchFigure[]) {
  const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? "-" : `${value.toFixed(1)} ms`);
  for (const f of figures) {
    const verdict = f.budgetMs === null ? "INFO" : passes(f) ? "PASS" : "FAIL";
    const budget = f.budgetMs === null ? "" : `  budget ${f.budgetOn} ≤ ${f.budgetMs} ms`;
    console.log(
      `${verdict}  ${f.name}\n      p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  max ${ms(f.max)}` +
        (f.rps === undefined ? "" : `  ${f.rps.toFixed(0)} req/s`) +
        (f.floorP50 === undefined ? "" : `  in-process p50 ${ms(f.floorP50)}`) +
        budget,
    );
  }
}
