import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { parseEnv } from "./server/env-schema";
import { securityHeaders } from "./lib/security/headers";

// A bad environment fails the build with a clear message.
parseEnv(process.env);

// Messages are compiled at build time, so the browser gets no ICU parser (next-intl's precompile).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["ar", "en"], precompile: true } },
});

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The proxy must see a client navigation as one: by default Next strips the RSC headers and the
  // `_rsc` query from the request the proxy reads, so its page cache would answer them with HTML
  // and every in-app link would fall back to a full document load.
  skipProxyUrlNormalize: true,
  // Type errors never reach a build, but the check runs once, not twice: `npm run build` (a
  // deployment's build) is `tsc --noEmit && next build`, `npm test` runs tsc as its first step, and
  // `npm start` builds only sources that passed one of them. Next's own check would repeat tsc over
  // the whole project (~20 s on this machine) inside every build.
  typescript: { ignoreBuildErrors: true },
  // PGlite loads its WebAssembly next to its own files; node-postgres has optional native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfkit", "passkit-generator"],
  outputFileTracingIncludes: { "/**": ["./platform/db/migrations/**/*"] },
  // Every answer (pages, API, files); the pages' CSP is set per response by proxy.ts (it carries a nonce).
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders().map(([key, value]) => ({ key, value })) }];
  },
};

export default withNextIntl(nextConfig);
