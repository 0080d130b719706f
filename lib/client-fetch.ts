import type { CodedErrorClass } from "@/contract/coded-error";
import type { ApiEnvelope } from "@/contract/errors";

/**
 * The browser's one call to a storefront BFF endpoint (`/api/session/…`, `/api/cart/…`,
 * `/api/checkout/…`) answering `{data}` or `{error}`. A refusal throws `Refused` with the
 * platform's `SP:` code, so each client keeps its own error type.
 */
export async function fetchEnvelope<T>(
  Refused: CodedErrorClass,
  method: string,
  url: string,
  body?: unknown,
  locale?: string,
): Promise<T> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  const query = locale === undefined ? "" : `${url.includes("?") ? "&" : "?"}locale=${encodeURIComponent(locale)}`;
  let res: Response;
  try {
    res = await fetch(`${url}${query}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new Refused(0, "network", "The store could not be reached");
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  if (payload && "error" in payload) throw new Refused(res.status, payload.error.code, payload.error.message, payload.error.details);
  throw new Refused(res.status, "SP:BadGateway", "The store answered with no JSON");
}
