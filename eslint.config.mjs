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
 *
 * A payment provider's folder (payment-providers/<name>/, docs/payments.md) has a part on each side,
 * each with the layer it belongs to: its contract part (contract.ts, and profile.ts, which the
 * browser's configuration reader loads) beside contract/, its browser part (browser/) beside
 * components/, and the rest (client, gateway, handlers, sandbox) beside platform/. Each registry
 * (payment-providers/<part>.ts) is of its part's type.
 */
const elements = [
  { type: "rules", pattern: "rules" },
  { type: "contract", pattern: "contract" },
  { type: "payment-providers", pattern: "payment-providers", partialMatch: false },
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

/** The parts of payment-providers/, by file: the first pattern that matches decides. */
const files = [
  {
    category: "provider-contract",
    pattern: [
      "payment-providers/contract.ts",
      "payment-providers/profiles.ts",
      "payment-providers/*/contract.ts",
      "payment-providers/*/profile.ts",
    ],
    exclusive: true,
  },
  {
    category: "provider-browser",
    pattern: ["payment-providers/browser.ts", "payment-providers/*/browser/**"],
    exclusive: true,
  },
  { category: "provider-server", pattern: ["payment-providers/**"], exclusive: true },
];

/** Each layer, as a selector of the files it holds. */
const LAYERS = {
  ...Object.fromEntries(elements.map(({ type }) => [type, { element: { type } }])),
  ...Object.fromEntries(
    files.map(({ category }) => [category, { element: { type: "payment-providers" }, file: { categories: category } }]),
  ),
};

/** Each layer with the payment providers' part that belongs to it. */
const CONTRACT = ["contract", "provider-contract"];
const PLATFORM = ["platform", "provider-server"];
const COMPONENTS = ["components", "provider-browser"];

const allow = (from, to) => ({
  from: LAYERS[from],
  allow: to.map((layer) => ({ to: LAYERS[layer] })),
});

/** The app's own source folders (tests, journeys, scripts and benchmarks are outside the layers). */
const SOURCES = [
  "app/**",
  "components/**",
  "lib/**",
  "contract/**",
  "rules/**",
  "server/**",
  "platform/**",
  "payment-providers/**",
  "i18n/**",
];

const boundariesConfig = {
  files: SOURCES,
  plugins: { boundaries },
  settings: {
    "boundaries/elements": elements,
    "boundaries/files": files,
    "boundaries/include": [...SOURCES, "messages/**"],
    "import/resolver": { typescript: { alwaysTryTypes: true } },
  },
  rules: {
    "boundaries/dependencies": [
      2,
      {
        default: "disallow",
        // A provider's folder is one element holding parts of different layers: its files are checked among themselves too.
        checkInternals: true,
        policies: [
          allow("rules", ["rules"]),
          allow("contract", [...CONTRACT, "rules"]),
          allow("provider-contract", [...CONTRACT, "rules"]),
          allow("server", ["server", ...CONTRACT, "rules"]),
          allow("platform", [...PLATFORM, "server", ...CONTRACT, "rules"]),
          allow("provider-server", [...PLATFORM, "server", ...CONTRACT, "rules"]),
          allow("lib", ["lib", "server", ...CONTRACT, "rules", "i18n"]),
          allow("components", [...COMPONENTS, "lib", ...CONTRACT, "rules", "i18n"]),
          allow("provider-browser", [...COMPONENTS, "lib", ...CONTRACT, "rules", "i18n"]),
          allow("i18n", ["i18n", "lib", ...CONTRACT, "rules"]),
          allow("app", ["app", ...COMPONENTS, "lib", "server", ...CONTRACT, "rules", "i18n"]),
          allow("platform-host", [
            "platform-host",
            "app",
            ...COMPONENTS,
            "lib",
            "server",
            ...CONTRACT,
            "rules",
            "i18n",
            ...PLATFORM,
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
  files: [...SOURCES, "*.ts"],
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
