import { failureKey } from "@/lib/error-key";
import { errorMessageKey } from "@/lib/errors";
import { CartApiError } from "./cart-api";

/** The `errors` key for a failed cart call: by `SP:` code, "network" when no answer came, else "unknown". */
export const cartErrorKey = (err: unknown): string => failureKey(err, CartApiError, errorMessageKey);
