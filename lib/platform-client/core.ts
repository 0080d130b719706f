import "server-only";
import { env } from "@/lib/env";
import type { ApiEnvelope, ApiError, TenantRef } from "./types";

/** A failed platform call, carrying the platform's `SP:` code and message. */
export class PlatformCallError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
    this.name = "PlatformCallError";
  }
  get code() {
    return this.error.code;
  }
}

/** `headers`: extra request headers, e.g. x-forwarded-for carrying the visitor's IP for the platform's rate limits. */
export type CallOptions = { body?: unknown; token?: string; locale?: string; query?: Record<string, string | number | undefined>; headers?: HeadersInit };

/**
 * Calls the platform API as the storefront's server: in-process when the platform is embedded,
 * else over HTTP to PLATFORM_API_URL with the tenant in the `__tenant` header.
 */
export async function platformCall<T>(tenant: TenantRef, method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const headers = new Headers(opts.headers);
  if (opts.body !== undefined) headers.set("content-type", "application/json");
  const res = await platformFetchRaw(tenant, method, path, {
    token: opts.token,
    locale: opts.locale,
    query: opts.query,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!payload) throw new PlatformCallError(res.status, { code: "SP:BadGateway", message: "The platform answered with no JSON" });
  if ("error" in payload) throw new PlatformCallError(res.status, payload.error);
  return payload.data;
}

export type RawCallOptions = Omit<CallOptions, "body"> & { body?: BodyInit; headers?: Headers };

/**
 * The platform's raw Response, for what is not a JSON call: multipart uploads (a FormData body
 * sets its own content type) and file downloads. Same routing and headers as platformCall.
 */
export async function platformFetchRaw(tenant: TenantRef, method: string, path: string, opts: RawCallOptions = {}): Promise<Response> {
  const e = env();
  const base = e.PLATFORM_API_URL ?? "http://platform.internal/";
  const url = new URL(`api/app/${path}`, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers(opts.headers);
  headers.set("accept-language", opts.locale ?? "ar");
  headers.set("__tenant", tenant.id);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  const init: RequestInit = { method, headers, body: opts.body, cache: "no-store" };
  if (e.PLATFORM_API_URL) return fetch(url, init);
  const [{ handlePlatformRequest }, { platformDb }] = await Promise.all([import("@/platform/api"), import("@/platform/db")]);
  const { db } = await platformDb();
  return handlePlatformRequest(new Request(url, init), url.pathname.replace(/^\/api\/app\//, ""), tenant, db);
}
