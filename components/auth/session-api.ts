import { fetchEnvelope } from "@/lib/client-fetch";
import { CodedError } from "@/contract/coded-error";
import type { CustomerDto, UploadDto } from "@/contract/dto/customers";

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
const call = <T>(method: string, path: string, body?: unknown, locale?: string) =>
  fetchEnvelope<T>(SessionApiError, method, `/api/session${path}`, body, locale || undefined);

export const sessionApi = {
  get: () => call<SessionView | null>("GET", ""),
  sendOtp: (mobileNumber: string, locale: string) => call<{ token: string }>("POST", "/otp/send", { mobileNumber }, locale),
  verifyOtp: (token: string, code: string, locale: string, keepCart = false) => call<SessionView>("POST", "/otp/verify", keepCart ? { token, code, keepCart } : { token, code }, locale),
  refresh: () => call<SessionView | null>("POST", "/refresh"),
  logout: () => call<null>("POST", "/logout"),
  updateProfile: (input: { name: string; email: string | null }, locale: string) => call<SessionView["customer"]>("PUT", "/profile", input, locale),
  updateCustomFields: (customFields: Record<string, string | null>, locale: string) => call<SessionView["customer"]>("PUT", "/custom-fields", { customFields }, locale),
  upload: (file: File, locale: string) => {
    const form = new FormData();
    form.set("file", file);
    return call<UploadDto>("POST", "/uploads", form, locale);
  },
};

/** Where an uploaded file of the signed-in customer can be shown (image preview, document link). */
export const uploadUrl = (name: string) => `/api/session/uploads/${encodeURIComponent(name)}`;

export const SESSION_QUERY_KEY = ["session"] as const;
