/** The environment for a server process (scripts/server-env.mjs). */
export function serverEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>;
