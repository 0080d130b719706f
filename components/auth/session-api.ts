import type { ApiEnvelope, CustomerDto, UploadDto } from "@/lib/platform-client/types";

/**
 * The browser's side of the session BFF (/api/session/*). Tokens stay in the httpOnly session
 * cookie: these calls only ever see the customer and when the access token expires.
 */

/** Who is signed in, as GET /api/session and every sign-in or refresh answer it. */
export type SessionView = { customer: CustomerDto; accessExpiresAt: number };

/** A refused session call, carrying the platform's `SP:` code (and details such as the field). */
export class SessionApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "SessionApiError";
  }
}

async function call<T>(method: string, path: string, body?: unknown, locale?: string): Promise<T> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(`/api/session${path}${locale ? `?locale=${encodeURIComponent(locale)}` : ""}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new SessionApiError(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload) throw new SessionApiError(res.status, payload.error.code, payload.error.message, payload.error.details);
  throw new SessionApiError(res.status, "SP:BadGateway", "The store answered with no JSON");
}

export const sessionApi = {
  get: () => call<SessionView | null>("GET", ""),
  sendOtp: (mobileNumber: string, locale: string) => call<{ token: string }>("POST", "/otp/send", { mobileNumber }, locale),
  verifyOtp: (token: string, code: string, locale: string) => call<SessionView>("POST", "/otp/verify", { token, code }, locale),
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
