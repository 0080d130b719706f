import "server-only";
import { cache } from "react";

/**
 * How this request's store shows bookings, for server components deep in a page (set by loadSite,
 * as the currency style is): with hideDuration (spec §3) no length is shown anywhere.
 */
const requestDisplay = cache((): { hideDuration: boolean } => ({ hideDuration: false }));

export function setHideDuration(hide: boolean): void {
  requestDisplay().hideDuration = hide;
}

export const getHideDuration = (): boolean => requestDisplay().hideDuration;
