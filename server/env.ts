import "server-only";
import { parseEnv, type Env } from "./env-schema";

export type { Env };

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
