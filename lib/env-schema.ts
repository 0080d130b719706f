import { z } from "zod";

/** The environment, validated at build (next.config.ts) and at server start (instrumentation.ts). */
const flag = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((v) => v === "on" || v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1, "PORT must be a port number").max(65535, "PORT must be a port number").default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default(".data/pglite"),
  PLATFORM_API_URL: z.url("PLATFORM_API_URL must be an absolute URL").optional(),
  /**
   * Host names that serve only the platform API to other servers (no storefront): there, and only
   * there, /api/app/* takes the tenant from the `__tenant` header.
   */
  PLATFORM_HOSTS: z
    .string()
    .transform((v) => v.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean))
    .default([]),
  BASE_DOMAIN: z.string().min(1).default("localhost"),
  DEFAULT_TENANT: z.string().min(1).default("spa"),
  SANDBOX: flag.default(true),
  SEED_DEMO: flag.default(true),
  PUBLIC_URL_SCHEME: z.enum(["http", "https"]).optional(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

