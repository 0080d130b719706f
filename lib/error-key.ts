import { StoreApiError } from "./client-fetch";

/**
 * A code's key in the `errors` namespace: ":" becomes "_" (next-intl keys cannot hold ":"), e.g.
 * "SP:Reservation:SelectedSlotIsUnavailableOrOutdated" → "SP_Reservation_SelectedSlotIsUnavailableOrOutdated".
 * Whether the message exists is checked by the caller (next-intl's t.has) or by lib/errors' list of
 * codes, which stays out of the pages' first load.
 */
export const codeMessageKey = (code: string) => code.replaceAll(":", "_");

/**
 * The `errors` key of a failed call to the store (StoreApiError): "network" when no answer came
 * (status 0), `toKey(code)` for a refusal, "unknown" for anything else.
 */
export function failureKey(err: unknown, toKey: (code: string) => string): string {
  if (!(err instanceof StoreApiError)) return "unknown";
  return err.status === 0 ? "network" : toKey(err.code ?? "");
}
