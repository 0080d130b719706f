import { errorMessageKey } from "@/lib/errors";
import { SessionApiError } from "./session-api";

/** The `errors` key for a failed session call: by `SP:` code, "network" when no answer came, else "unknown". */
export function sessionErrorKey(err: unknown): string {
  if (!(err instanceof SessionApiError)) return "unknown";
  return err.status === 0 ? "network" : errorMessageKey(err.code);
}
