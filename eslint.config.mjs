import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";
import i18next from "eslint-plugin-i18next";

/** The screens whose every text comes from the catalogues (the no-literal-string rule below holds them to it). */
const TRANSLATED = [
  "components/i18n/**/*.tsx",
  "components/login/**/*.tsx",
  "components/auth/{splash,forced-password-change,change-password-dialog,change-password-form}.tsx",
  "components/shell/{account-menu,student-header}.tsx",
  "components/profile/{student-self-profile,student-messages,standing-choices,profile-header}.tsx",
  "components/placement/student-to-do.tsx",
  "components/checkin/air-code-entry.tsx",
  "components/reach/{notification-settings,notification-switches,device-push,email-refused-note}.tsx",
  "components/calendar/{week-calendar,phone-week,day-column,block-tile,calendar-toolbar,block-dialog,dialog-parts,student-block-dialog,plan-picker,choose-until,reason-line,appointment-list}.tsx",
  "components/wiki/{student-help,post-page}.tsx",
];

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
    // HTTP lives in the route wrapper (lib/http, lib/api) and the sign-in's header and cookie readers:
    // services take values (a parsed body, an UploadForm) and answer values (JSON, lib/api/answers.ts).
    files: ["lib/**/*.{ts,tsx}"],
    ignores: [
      "lib/http/**",
      "lib/api/**",
      "lib/security/**",
      "lib/auth/{authenticate.server,tokens.server,sso}.ts",
      "lib/api-tokens/authenticate.server.ts",
      // An outbound client: it reads the answers of the SIS's OneRoster REST endpoint.
      "lib/oneroster/rest/fetch.server.ts",
    ],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "Request", message: "Services take values: declare `body`, `query` or `multipart` on the route (lib/http/route.server.ts)." },
        { name: "Response", message: "Services answer values: JSON, or a StatusAnswer / FileAnswer (lib/api/answers.ts)." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference > Identifier[name=/^(Request|Response)$/]",
          message: "Services take and answer values, not a Request or a Response (lib/api/answers.ts, route() `multipart`).",
        },
      ],
    },
  },
  {
    // Screens in every language (lib/i18n/README.md): no text a person reads written into the markup, in
    // its text or in the attributes that are read aloud or shown. A screen joins this list once its texts
    // are in the catalogues; the list grows until it is every component.
    files: TRANSLATED,
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": { include: ["aria-label", "aria-description", "title", "placeholder", "alt", "label", "hint", "content", "description", "fallbackTitle", "heading"] },
          // A translator named for its namespace (tSections, tDialog) and react-hook-form's field names are not text.
          callees: { exclude: ["i18n(ext)?", "t", "t[A-Z]\\w*", "t\\.(rich|markup)", "t[A-Z]\\w*\\.(rich|markup)", "register", "watch", "setValue", "getValues", "includes", "startsWith", "endsWith"] },
          // The product's name is the same in every language.
          words: { exclude: ["[0-9!-/:-@[-`{-~]+", "[A-Z_-]+", "[\\s–—·…]+", "Flexblock"] },
          message: "Text a person reads goes in lib/i18n/messages and through useTranslations().",
        },
      ],
    },
  },
  {
    // API tests use helpers named use* that are not React hooks, and loose JSON bodies.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  { files: ["**/*.js", "**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next*/**", ".stryker-tmp/**", "reports/**", "dist/**", ".tmp*/**", ".shots*/**", ".data*/**", "node_modules/**", "db/migrations/**", "next-env.d.ts", "test-results/**", "playwright-report/**"] },
];

export default config;
