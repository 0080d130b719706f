import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { parseEnv } from "./lib/env-schema";

// A bad environment fails the build with a clear message.
parseEnv(process.env);

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite loads its WebAssembly next to its own files; node-postgres has optional native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  outputFileTracingIncludes: { "/**": ["./platform/db/migrations/**/*"] },
};

export default withNextIntl(nextConfig);
