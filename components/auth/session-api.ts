import { fetchEnvelope } from "@/lib/client-fetch";
import { CodedError } from "@/contract/coded-error";
import type { CustomerDto } from "@/contract/dto/customers";

/**
 * The browser's side of the session BFF (/api/session/*). Tokens stay in the httpOnly session
 * cookie: these calls only ever see the customer and when the access token expires.
 */

/** Who is signed in, as GET /api/session and every sign-in or refresh answer it. */
export type SessionView = { customer: CustomerDto; accessExpiresAt: number };

/** A refused session call, carrying the platform's `SP:` code (and details such as the field). */
export class SessionApiError extends CodedError {
  override name = "SessionApiError";
}

// The session's calls without a language (get, refresh, logout) send the browser's own Accept-Language.
export const sessionCall = <T>(method: string, path: string, body?: unknown, locale?: string) =>
  fetchEnvelope<T>(SessionApiError, method, `/api/session${path}`, body, locale || undefined);

/** What every page needs at once; signing in and the account's changes load with their own sheets and pages. */
export const sessionApi = {
  get: () => sessionCall<SessionView | null>("GET", ""),
  refresh: () => sessionCall<SessionView | null>("POST", "/refresh"),
  logout: () => sessionCall<null>("POST", "/logout"),
};

/** Where an uploaded file of the signed-in customer can be shown (image preview, document link). */
export const uploadUrl = (name: string) => `/api/session/uploads/${encodeURIComponent(name)}`;

export const SESSION_QUERY_KEY = ["session"] as const;
