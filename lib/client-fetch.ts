import { CodedError } from "@/contract/coded-error";
import type { ApiEnvelope } from "@/contract/errors";
import { IDEMPOTENCY_KEY_HEADER, MUTATING_METHODS } from "@/contract/idempotency";

/** A fresh key for one user intent. */
export const newIntentKey = () => crypto.randomUUID();

/**
 * A refused or failed call of the browser to its store: the `SP:` code, the status and the details
 * (such as the field) of the answer, or code "network" with status 0 when no answer came.
 */
export class StoreApiError extends CodedError {
  override name = "StoreApiError";
}

export type FetchOptions = {
  /** The page's language, sent as Accept-Language (the storefront and the platform both read it). */
  locale?: string;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /** The intent's key (one tap = one key; a repeat of the intent passes the same one); a fresh one when left out. */
  idempotencyKey?: string;
};

/**
 * The browser's one call to its own server — the storefront's API and the platform's public reads
 * (the clients of lib/store-client build the addresses) — answering `{data}` or `{error}`. A
 * refusal throws StoreApiError with the answer's `SP:` code.
 */
export async function fetchEnvelope<T>(
  method: string,
  url: string,
  body?: unknown,
  init: FetchOptions = {},
): Promise<T> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json" };
  // Every change carries its intent's key.
  if (MUTATING_METHODS.has(method)) headers[IDEMPOTENCY_KEY_HEADER] = init.idempotencyKey ?? newIntentKey();
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (init.locale) headers["accept-language"] = init.locale;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      // Left out: fetch's own default, same-origin (the storefront's cookies go, no other site's).
      credentials: init.credentials,
      cache: "no-store",
      signal: init.signal,
    });
  } catch (err) {
    // A cancelled request is the caller's doing (a newer query replaced it), not a failure to show.
    if (init.signal?.aborted) throw err;
    throw new StoreApiError(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload)
    throw new StoreApiError(res.status, payload.error.code, payload.error.message, payload.error.details);
  throw new StoreApiError(res.status, "SP:BadGateway", "The store answered with no JSON");
}
