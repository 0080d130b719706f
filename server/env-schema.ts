import { z } from "zod";

/** The environment, validated at build (next.config.ts) and at server start (instrumentation.ts). */
const flag = z.enum(["on", "off", "true", "false", "1", "0"]).transform((v) => v === "on" || v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number()
    .int()
    .min(1, "PORT must be a port number")
    .max(65535, "PORT must be a port number")
    .default(3000),
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
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .default([]),
  BASE_DOMAIN: z.string().min(1).default("localhost"),
  DEFAULT_TENANT: z.string().min(1).default("spa"),
  SANDBOX: flag.default(true),
  /**
   * Where the server reaches this app's own /sandbox/<provider> APIs (provider accounts whose
   * baseUrl is "sandbox"). Default http://127.0.0.1:$PORT.
   */
  SANDBOX_ORIGIN: z.url("SANDBOX_ORIGIN must be an absolute URL").optional(),
  SEED_DEMO: flag.default(true),
  /**
   * Browser-test servers only: POST /sandbox/operator/settings changes a tenant's settings (the
   * journeys switch spa's card provider to another's card form). Never on in a deployment: refused when SANDBOX=off.
   */
  SANDBOX_OPERATOR: flag.default(false),
  PUBLIC_URL_SCHEME: z.enum(["http", "https"]).optional(),
  /** Signs the platform's access tokens (HS256). Required in production; a fixed development key otherwise. */
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  /** Encrypts the storefront's session cookie. Required in production; a fixed development key otherwise. */
  SESSION_PASSWORD: z.string().min(32, "SESSION_PASSWORD must be at least 32 characters").optional(),
  /** Where one-time codes go: the development outbox (default) or a real HTTP SMS gateway. */
  SMS_PROVIDER: z.enum(["outbox", "gateway"]).default("outbox"),
  SMS_GATEWAY_URL: z.url("SMS_GATEWAY_URL must be an absolute URL").optional(),
  SMS_GATEWAY_KEY: z.string().min(1).optional(),
  SMS_SENDER: z.string().min(1).max(11).default("Storefront"),
  /** Sign-in codes one client address may ask for per store in 10 minutes (a shared office or carrier NAT may need more). */
  OTP_SENDS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Web Vitals beacons one address may send a minute, over every store (platform/services/web-vitals.ts). */
  VITALS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(120),
});

export type Env = z.infer<typeof envSchema>;

/** Rules across variables: production needs real secrets, the gateway needs its address and key. */
const crossChecks = (e: Env): string[] => {
  const problems: string[] = [];
  if (e.NODE_ENV === "production" && !e.SANDBOX) {
    if (!e.JWT_SECRET) problems.push("  JWT_SECRET: required when SANDBOX=off (a real deployment)");
    if (!e.SESSION_PASSWORD) problems.push("  SESSION_PASSWORD: required when SANDBOX=off (a real deployment)");
    // The outbox is readable only through the sandbox: nobody could sign in.
    if (e.SMS_PROVIDER !== "gateway")
      problems.push("  SMS_PROVIDER: must be gateway when SANDBOX=off (a real deployment)");
  }
  if (e.SANDBOX_OPERATOR && !e.SANDBOX) problems.push("  SANDBOX_OPERATOR: only with the sandboxes on (SANDBOX=on)");
  if (e.SMS_PROVIDER === "gateway" && (!e.SMS_GATEWAY_URL || !e.SMS_GATEWAY_KEY))
    problems.push("  SMS_GATEWAY_URL, SMS_GATEWAY_KEY: required when SMS_PROVIDER=gateway");
  return problems;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const problems = crossChecks(parsed.data);
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  return parsed.data;
}
