/** @jest-environment node */
import { badInputSuite } from "../helpers/fuzz-suite";

// Keep each route's options (its zod schemas) on the handler, so the fuzzer knows the fields to break.
jest.mock("@/lib/http/route.server", () => {
  const actual = jest.requireActual("@/lib/http/route.server");
  return {
    ...actual,
    route: (options: object, handler: unknown) =>
      Object.assign(actual.route(options, handler), { fuzzOptions: options }),
  };
});

// Half of the routes (the other half is in bad-input-2.test.ts); see tests/helpers/fuzz-suite.ts.
badInputSuite(0, 2);
