// The chosen stack's floor: bench/floor plus the client libraries every storefront page uses
// (next-intl with precompiled messages, as the storefront builds them, and TanStack Query). Paths
// are absolute: the bench builds and starts it from the project's root.
import path from "node:path";
import createNextIntlPlugin from "next-intl/plugin";

const here = (file) => `./${path.relative(process.cwd(), path.join(import.meta.dirname, file))}`;
const withNextIntl = createNextIntlPlugin({
  requestConfig: here("i18n/request.js"),
  experimental: { messages: { path: here("messages"), format: "json", locales: ["en"], precompile: true } },
});

// The cart's floor (app/api/store-cart) opens its database as the storefront does: both drivers
// stay outside the bundle (PGlite loads its WebAssembly from its own package).
export default withNextIntl({ serverExternalPackages: ["@electric-sql/pglite", "pg"] });
