import { failureKey } from "@/lib/error-key";
import { errorMessageKey } from "@/lib/errors";
import { SessionApiError } from "./session-api";

/** The `errors` key for a failed session call: by `SP:` code, "network" when no answer came, else "unknown". */
export const sessionErrorKey = (err: unknown): string => failureKey(err, SessionApiError, errorMessageKey);
