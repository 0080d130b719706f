import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./platform/db/schema.ts",
  out: "./platform/db/migrations",
});
