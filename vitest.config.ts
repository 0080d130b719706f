import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only.ts"),
      "@": path.resolve(import.meta.dirname, "."),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts", "platform/**/*.test.ts", "components/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", ".next/**"],
    environment: "node",
    // Migrates and seeds one PGlite database for every suite to start from (tests/support/global-setup.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    // The storefront's platform client calls the embedded platform in-process, as in the server.
    setupFiles: ["tests/support/embedded-platform.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Database suites each open their own PGlite (and PostgreSQL database); two cores, so two at once.
    maxWorkers: 2,
    // Each file isolated in a worker thread of its own, not a child process: the run is much shorter
    // on a 2-core machine (docs/MEASUREMENTS.md). Sharing one module graph between files (no
    // isolation) would be faster still, but files would then read each other's platform state.
    pool: "threads",
  },
});
