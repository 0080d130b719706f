import { errorMessageKey } from "@/lib/errors";
import { CartApiError } from "./cart-api";

/** The `errors` key for a failed cart call: by `SP:` code, "network" when no answer came, else "unknown". */
export function cartErrorKey(err: unknown): string {
  if (!(err instanceof CartApiError)) return "unknown";
  return err.status === 0 ? "network" : errorMessageKey(err.code);
}
