import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { PaymentProvider } from "../db/schema";
import { ProviderError, type ProviderConfig, type ProviderErrorCode } from "./provider";

/** A provider that does not answer within this is treated as unavailable (the caller retries or refuses). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

export type ProviderCall<T> = {
  provider: PaymentProvider;
  /** What any failure of this call is reported as. */
  code: ProviderErrorCode;
  method: "GET" | "POST";
  /** Below the base URL, starting with "/"; ids already encoded (see `segment`). */
  path: string;
  /** Basic with the key as user, or Bearer, as the provider asks. */
  auth: "basic" | "bearer";
  body?: unknown;
  /** Headers the provider asks for besides the key (a merchant code). */
  headers?: Record<string, string>;
  /** The 2xx answer's shape; a different answer is a provider fault, not a crash further on. */
  schema: z.ZodType<T>;
};

/** One path segment from an id that came from outside (a URL, a webhook). */
export const segment = (id: string) => encodeURIComponent(id);

const clip = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v : undefined);

/**
 * The provider's own words from an error body, whatever its shape: `{message, errors: {field: [..]}}`,
 * `{Message, ValidationErrors: [{Name, Error}]}`, `{error, errorType}` or `{message, errors: [{error_code}]}`.
 */
export function providerErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  const head = str(b.message) ?? str(b.Message) ?? str(b.error) ?? str(b.errorType);
  const details: string[] = [];
  if (Array.isArray(b.ValidationErrors)) {
    for (const e of b.ValidationErrors as { Name?: unknown; Error?: unknown }[]) {
      if (str(e?.Error)) details.push(str(e.Name) ? `${e.Name}: ${e.Error}` : String(e.Error));
    }
  }
  if (Array.isArray(b.errors)) {
    for (const e of b.errors as { error_code?: unknown; message?: unknown }[]) {
      const text = str(e?.error_code) ?? str(e?.message);
      if (text) details.push(text);
    }
  } else if (b.errors && typeof b.errors === "object") {
    for (const [field, list] of Object.entries(b.errors as Record<string, unknown>)) {
      const texts = Array.isArray(list)
        ? list.filter((x): x is string => typeof x === "string")
        : str(list)
          ? [String(list)]
          : [];
      if (texts.length) details.push(`${field}: ${texts.join(", ")}`);
    }
  }
  const text = [head, details.join("; ")].filter(Boolean).join(" — ");
  return text ? clip(text) : undefined;
}

function authorization(auth: ProviderCall<unknown>["auth"], key: string): string {
  return auth === "basic" ? `Basic ${Buffer.from(`${key}:`).toString("base64")}` : `Bearer ${key}`;
}

/**
 * The one JSON request every provider client makes. 2xx with the expected shape ⇒ that value;
 * anything else (4xx/5xx with the provider's error body, non-JSON, another shape, a timeout,
 * no answer) ⇒ a ProviderError with the call's code, the HTTP status and the provider's words.
 */
export async function providerRequest<T>(cfg: ProviderConfig, call: ProviderCall<T>): Promise<T> {
  const provider = cfg.provider ?? call.provider;
  const fail = (httpStatus: number | undefined, providerMessage: string) =>
    new ProviderError(call.code, provider, { httpStatus, providerMessage });
  const timeoutMs = cfg.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const doFetch = cfg.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${cfg.baseUrl.replace(/\/+$/, "")}${call.path}`, {
      method: call.method,
      headers: {
        authorization: authorization(call.auth, cfg.secretKey),
        accept: "application/json",
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
      redirect: "error",
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    throw fail(
      undefined,
      name === "TimeoutError" || name === "AbortError"
        ? `No answer within ${timeoutMs} ms`
        : "The provider could not be reached",
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw fail(res.status, `The answer was cut off (HTTP ${res.status})`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw fail(
      res.status,
      res.ok
        ? `Not JSON (HTTP ${res.status}): ${clip(text).slice(0, 120)}`
        : `HTTP ${res.status}: ${clip(text).slice(0, 120)}`,
    );
  }
  if (!res.ok) throw fail(res.status, providerErrorMessage(body) ?? `HTTP ${res.status}`);
  const parsed = call.schema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join(".") || "(root)").slice(0, 5);
    throw fail(res.status, `Unexpected answer (${where.join(", ")})`);
  }
  return parsed.data;
}

/** Compares a secret that came with a request to ours in constant time. */
export function secretsEqual(given: string | null | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
