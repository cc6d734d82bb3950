import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Size budgets: a function that does one job fits on a screen. Blank lines and comments are free.
    // A breach is split, or carries an eslint-disable with its reason.
    files: ["{app,components,lib,db}/**/*.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["{lib,db}/**/*.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Still over budget after the OneRoster planner's split by file kind: the import screens (their hook
    // hands 18 values on) and the bundle's reader, with the rest of the one-import-pipeline move (the
    // parsed rows kept once, one worker helper); the oneroster and dashboard queries, filed by table in the
    // core-floor move. Each leaves this list when it is split.
    files: [
      "components/imports/{import-job-status,import-report,oneroster-decisions,oneroster-import,oneroster-review}.tsx",
      "components/imports/use-oneroster-import.ts",
      "lib/oneroster/parse.ts",
      "db/queries/oneroster.ts",
      "db/queries/dashboard.ts",
    ],
    rules: { "max-lines-per-function": "off", "max-lines": "off" },
  },
  {
    // API tests use helpers named use* that are not React hooks, and loose JSON bodies.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  { files: ["**/*.js", "**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next*/**", "dist/**", ".tmp*/**", ".shots*/**", ".data*/**", "node_modules/**", "db/migrations/**", "next-env.d.ts", "test-results/**", "playwright-report/**"] },
];

export default config;
