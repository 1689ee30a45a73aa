// Lint: JavaScript and TypeScript recommended rules, the rules of hooks, and accessibility checks for JSX.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Routes stay thin (docs/decisions/021-layering.md): a route reads the request, calls its area's module and answers;
// tables are read and written only in area modules (app/<area>/*.server.ts). The `_dev+` stand-ins (the local Stripe
// checkout page and the mailbox) are tools for this machine, not product screens, and may read their tables.
const TABLES_ONLY_IN_AREAS = [
  {
    name: "#db/schema",
    message: "Routes do not touch tables: read and write them in the area's module (app/<area>/).",
  },
  { name: "drizzle-orm", message: "Routes do not query: put the query in the area's module (app/<area>/*.server.ts)." },
];
const NO_QUERY_BUILDERS = { group: ["drizzle-orm/*"], message: "Routes do not query: use the area's module." };

// A form's state starts from what the page holds, which a person may have changed before React hydrated it
// (docs/decisions/033-input-before-hydration.md): conform's useForm only through the wrapper that reads it.
const FORM_STATE_FROM_THE_PAGE = {
  name: "@conform-to/react",
  importNames: ["useForm"],
  message: "Use useForm from ~/components/ui/use-form: it reads the values a person changed before hydration.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
      "tests/.artifacts/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
      "no-restricted-imports": ["error", { paths: [FORM_STATE_FROM_THE_PAGE] }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Property[key.name='shouldValidate'][value.value='onBlur']",
          message: "A message shown as a field is left moves the control being clicked next: check on submit.",
        },
      ],
    },
  },
  {
    files: ["app/components/ui/use-form.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Routes stay thin: no tables, no queries (see TABLES_ONLY_IN_AREAS above).
    files: ["app/routes/**"],
    ignores: ["app/routes/_dev+/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [...TABLES_ONLY_IN_AREAS, FORM_STATE_FROM_THE_PAGE], patterns: [NO_QUERY_BUILDERS] },
      ],
    },
  },
  {
    // Routes without a component (JSON, files, webhooks): Remix sends a `data()` result from them as a plain 200,
    // dropping its status and headers, so they answer with real Responses (Response.json, new Response).
    files: ["app/routes/_resources+/**", "app/routes/**/*[[]*[]].ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_QUERY_BUILDERS],
          paths: [
            ...TABLES_ONLY_IN_AREAS,
            FORM_STATE_FROM_THE_PAGE,
            {
              name: "@remix-run/cloudflare",
              importNames: ["data", "json"],
              message: "A resource route loses data()'s status and headers on the wire: return a Response.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "db/**", "tests/**", "party/**"],
    rules: { "no-console": "off" },
  },
  {
    // Playwright fixtures: `use` is not React's, and `{}` is how a fixture without dependencies is written.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
