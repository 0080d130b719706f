/**
 * A code's key in the `errors` namespace: ":" becomes "_" (next-intl keys cannot hold ":"), e.g.
 * "SP:Reservation:SelectedSlotIsUnavailableOrOutdated" → "SP_Reservation_SelectedSlotIsUnavailableOrOutdated".
 * Whether the message exists is checked by the caller (next-intl's t.has) or by lib/errors' list of
 * codes, which stays out of the pages' first load.
 */
export const codeMessageKey = (code: string) => code.replaceAll(":", "_");
