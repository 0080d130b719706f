import "server-only";
import { platformApi, type PlatformApi } from "@/contract/api";
import { embeddedPlatform } from "@/server/embedded";
import { fillPath, RAW_RESPONSE, type CallInput, type EndpointSpec, type ResponseOf } from "@/contract/endpoint";
import { env } from "@/server/env";
import { CodedError } from "@/contract/coded-error";
import { type ApiEnvelope, type ApiError } from "@/contract/errors";
import type { Locale } from "@/contract/tenant-settings";
import type { TenantRef } from "@/contract/dto/tenants";

/** A failed platform call, carrying the platform's `SP:` code, message and status. */
export class PlatformCallError extends CodedError {
  override name = "PlatformCallError";
  get error(): ApiError {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

/**
 * Who a call is made for: the tenant (null for the operator's tenant-less calls), the reader's
 * language, the customer's access token, and extra headers (x-forwarded-for carrying the visitor's
 * address for the platform's per-address limits).
 */
export type CallContext = { tenant: TenantRef | null; locale?: Locale; token?: string; headers?: HeadersInit };

/** The platform API as the storefront's server calls it: one typed function per endpoint of the contract. */
export type PlatformClient = {
  [G in keyof PlatformApi]: { [K in keyof PlatformApi[G]]: ClientCall<Extract<PlatformApi[G][K], EndpointSpec>> };
};

/** One endpoint's call; its input may be left out when nothing in it is required. */
type ClientCall<E extends EndpointSpec> =
  Record<never, never> extends CallInput<E>
    ? (input?: CallInput<E>) => Promise<ResponseOf<E>>
    : (input: CallInput<E>) => Promise<ResponseOf<E>>;

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

function requestHeaders(ctx: CallContext): Headers {
  const headers = new Headers(ctx.headers);
  headers.set("accept-language", ctx.locale ?? "ar");
  if (ctx.tenant) headers.set("__tenant", ctx.tenant.id);
  if (ctx.token) headers.set("authorization", `Bearer ${ctx.token}`);
  return headers;
}

/** How a call reaches the platform: one endpoint ("group.name") with its input, for one caller. */
export type Transport = (key: string, spec: EndpointSpec, input: Input, ctx: CallContext) => Promise<unknown>;

/** Over HTTP to a platform at `base` (PLATFORM_API_URL): the path filled from the contract, the tenant in `__tenant`. */
export function httpTransport(base: string): Transport {
  return async (_key, spec, input, ctx) => {
    const url = new URL(`api/app/${fillPath(spec.path, input.params ?? {})}`, base);
    for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = requestHeaders(ctx);
    const isForm = input.body instanceof FormData;
    if (input.body !== undefined && !isForm) headers.set("content-type", "application/json");
    const body = input.body === undefined ? undefined : isForm ? (input.body as FormData) : JSON.stringify(input.body);
    const res = await fetch(url, { method: spec.method, headers, body, cache: "no-store" });
    // A raw endpoint's success is its own document; its refusals come in the envelope like any other.
    if (spec.response === RAW_RESPONSE && res.ok) return res;
    const payload = (await res.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    if (!payload) throw new PlatformCallError(res.status, "SP:BadGateway", "The platform answered with no JSON");
    if ("error" in payload)
      throw new PlatformCallError(res.status, payload.error.code, payload.error.message, payload.error.details);
    return payload.data;
  };
}

/** In the same process as an embedded platform: the router's dispatch; a refusal becomes the same error as over HTTP. */
export const inProcessTransport: Transport = async (key, _spec, input, ctx) => {
  const platform = embeddedPlatform();
  if (!platform)
    throw new Error(
      "The embedded platform is not installed in this process (see instrumentation.ts), and PLATFORM_API_URL is not set",
    );
  const answer = await platform.call(key, input, { tenant: ctx.tenant, headers: requestHeaders(ctx) });
  if ("error" in answer)
    throw new PlatformCallError(answer.status, answer.error.code, answer.error.message, answer.error.details);
  return answer.data;
};

/** The process's way to the platform: over HTTP when PLATFORM_API_URL is set, else in-process. */
function defaultTransport(): Transport {
  const base = env().PLATFORM_API_URL;
  return base ? httpTransport(base) : inProcessTransport;
}

/**
 * The platform client for one caller, derived from the contract: one typed function per
 * endpoint. A refusal throws PlatformCallError with the platform's code and status.
 */
export function platform(ctx: CallContext, transport: Transport = defaultTransport()): PlatformClient {
  const groups = Object.entries(platformApi).map(([group, endpoints]) => [
    group,
    Object.fromEntries(
      Object.entries(endpoints as Record<string, EndpointSpec>).map(([name, spec]) => [
        name,
        (input: Input = {}) => transport(`${group}.${name}`, spec, input, ctx),
      ]),
    ),
  ]);
  return Object.fromEntries(groups) as PlatformClient;
}

/** The answer, or null when the platform says it names nothing (404): a stale cookie, a removed product, a page that is not there. */
export async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 404) return null;
    throw err;
  }
}
