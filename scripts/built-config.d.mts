/** The project folder a `next start` command line serves, or null (scripts/built-config.mjs). */
export function nextStartDir(argv: string[], cwd: string): string | null;
/** Hands `next start` the configuration its build resolved (scripts/built-config.mjs). */
export function adoptBuiltConfig(env?: Record<string, string | undefined>, argv?: string[], cwd?: string): boolean;
