// The payment providers' profiles (payment-providers/profiles.ts, docs/payments.md) for the
// plain-node tools: what each provider's browser part loads and reaches, read from the folders
// rather than listed again here. Loaded with tsx, as the app's TypeScript is.
import { fileURLToPath } from "node:url";

const { tsImport } = await import("tsx/esm/api");
const registry = await tsImport("../payment-providers/profiles.ts", {
  parentURL: import.meta.url,
  // The profiles import through the `@/` alias, resolved from the project's tsconfig whatever the working directory.
  tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
});

/** @type {Record<string, import("../contract/provider-profile").ProviderProfile>} */
export const PROVIDER_PROFILES = registry.PROVIDER_PROFILES;
