import coreWebVitals from "eslint-config-next/core-web-vitals";
import typescript from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";

/**
 * Dependencies point one way (docs/ARCHITECTURE.md, decision 11):
 *   app, components → lib → contract ← platform
 * `contract/` imports nothing of the project but itself; the platform never imports storefront
 * code. Only the routes that host the platform in this app (app/api/app, app/api/health,
 * app/sandbox, app/.well-known) and the server's composition root (instrumentation.ts and instrumentation-node.ts, which
 * installs the embedded platform) reach into `platform/`. Tests, browser journeys, scripts and
 * benchmarks may import anything.
 */
const elements = [
  { type: "rules", pattern: "rules" },
  { type: "contract", pattern: "contract" },
  { type: "server", pattern: "server" },
  { type: "platform", pattern: "platform" },
  { type: "lib", pattern: "lib" },
  { type: "components", pattern: "components" },
  { type: "i18n", pattern: ["i18n", "messages"] },
  {
    type: "platform-host",
    pattern: ["app/api/app/**", "app/api/health/**", "app/sandbox/**", "app/.well-known/**"],
    partialMatch: false,
  },
  { type: "app", pattern: "app/**", partialMatch: false },
];

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: to.map((type) => ({ to: { element: { type } } })),
});

const boundariesConfig = {
  files: ["app/**", "components/**", "lib/**", "contract/**", "rules/**", "server/**", "platform/**", "i18n/**"],
  plugins: { boundaries },
  settings: {
    "boundaries/elements": elements,
    "boundaries/include": [
      "app/**",
      "components/**",
      "lib/**",
      "contract/**",
      "rules/**",
      "server/**",
      "platform/**",
      "i18n/**",
      "messages/**",
    ],
    "import/resolver": { typescript: { alwaysTryTypes: true } },
  },
  rules: {
    "boundaries/dependencies": [
      2,
      {
        default: "disallow",
        policies: [
          allow("rules", ["rules"]),
          allow("contract", ["contract", "rules"]),
          allow("server", ["server", "contract", "rules"]),
          allow("platform", ["platform", "server", "contract", "rules"]),
          allow("lib", ["lib", "server", "contract", "rules", "i18n"]),
          allow("components", ["components", "lib", "contract", "rules", "i18n"]),
          allow("i18n", ["i18n", "lib", "contract", "rules"]),
          allow("app", ["app", "components", "lib", "server", "contract", "rules", "i18n"]),
          allow("platform-host", [
            "platform-host",
            "app",
            "components",
            "lib",
            "server",
            "contract",
            "rules",
            "i18n",
            "platform",
          ]),
        ],
      },
    ],
  },
};

/** The journeys take `test` and the rest from e2e/test.ts: its browser contexts have answered the consent banner. */
const journeysConfig = {
  files: ["e2e/**"],
  ignores: ["e2e/test.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        paths: [
          {
            name: "@playwright/test",
            message: "Import from e2e/test.ts: its contexts have answered the consent banner.",
          },
        ],
      },
    ],
  },
};

/**
 * globalThis is how values cross the separately bundled parts of the server process, so every such
 * value is declared in server/process-channels.mjs, with who writes it, who reads it and why.
 */
const channelsConfig = {
  files: [
    "app/**",
    "components/**",
    "lib/**",
    "contract/**",
    "rules/**",
    "server/**",
    "platform/**",
    "i18n/**",
    "*.ts",
  ],
  ignores: ["server/process-channels.mjs"],
  rules: {
    "no-restricted-globals": [
      "error",
      {
        name: "globalThis",
        message: "Declare the value in server/process-channels.mjs (a channel or a process singleton).",
      },
    ],
  },
};

const config = [
  ...coreWebVitals,
  ...typescript,
  boundariesConfig,
  channelsConfig,
  journeysConfig,
  {
    ignores: [
      ".next/**",
      "bench/floor/.next/**",
      "bench/stack/.next/**",
      "node_modules/**",
      ".data/**",
      "next-env.d.ts",
      "platform/db/migrations/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
];

export default config;
