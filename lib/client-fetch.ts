import type { CodedErrorClass } from "@/contract/coded-error";
import type { ApiEnvelope } from "@/contract/errors";
import { IDEMPOTENCY_KEY_HEADER, MUTATING_METHODS } from "@/contract/idempotency";

/** A fresh key for one user intent. */
export const newIntentKey = () => crypto.randomUUID();

/**
 * The browser's one call to its own server — the storefront's BFF (`/api/session/…`,
 * `/api/cart/…`, `/api/checkout/…`, `/api/locations/…`) and the platform's public reads
 * (`/api/app/…`) — answering `{data}` or `{error}`. A refusal throws `Refused` with the platform's
 * `SP:` code, so each client keeps its own error type; no answer at all is code "network" (status 0).
 * The page's language goes as Accept-Language, which the BFF and the platform both read.
 */
export async function fetchEnvelope<T>(
  Refused: CodedErrorClass,
  method: string,
  url: string,
  body?: unknown,
  locale?: string,
  init: { signal?: AbortSignal; credentials?: RequestCredentials; idempotencyKey?: string } = {},
): Promise<T> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json" };
  // Every change carries its intent's key (one tap = one key; a repeat of the intent passes the same one).
  if (MUTATING_METHODS.has(method)) headers[IDEMPOTENCY_KEY_HEADER] = init.idempotencyKey ?? newIntentKey();
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (locale) headers["accept-language"] = locale;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      credentials: init.credentials ?? "same-origin",
      cache: "no-store",
      signal: init.signal,
    });
  } catch (err) {
    // A cancelled request is the caller's doing (a newer query replaced it), not a failure to show.
    if (init.signal?.aborted) throw err;
    throw new Refused(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload)
    throw new Refused(res.status, payload.error.code, payload.error.message, payload.error.details);
  throw new Refused(res.status, "SP:BadGateway", "The store answered with no JSON");
}
