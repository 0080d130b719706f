import type { ApiEnvelope } from "@/contract/errors";

/**
 * What the BFF suites share: a plain cookie jar standing in for Next's cookie store (the route
 * handlers run outside a Next request) and the JSON request/answer helpers. Each suite still
 * declares its own `vi.mock("next/headers", () => nextHeadersMock())`, since vitest only hoists
 * a vi.mock written in the test file itself; every test file gets its own copy of this module.
 */

export type SetCall = { name: string; value: string; options: Record<string, unknown> };

export const jar = new Map<string, string>();
/** Every cookie the handlers set, in order (clears included). */
export const sets: SetCall[] = [];
/** The names of the cookies the handlers cleared (an empty value or max-age 0), in order. */
export const cleared: string[] = [];

const cookieStore = {
  get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  set: (name: string, value: string, options: Record<string, unknown> = {}) => {
    sets.push({ name, value, options });
    if (options.maxAge === 0 || value === "") {
      cleared.push(name);
      jar.delete(name);
    } else jar.set(name, value);
  },
};

/** The `next/headers` module as the handlers see it here: only `cookies()`, backed by `jar`. */
export const nextHeadersMock = () => ({ cookies: async () => cookieStore });

/** A JSON request to the storefront at `host`, from `forwardedFor` when given (rate limits key on it). */
export const jsonRequest = (host: string, method: string, path: string, body?: unknown, forwardedFor?: string) =>
  new Request(`http://${host}${path}`, {
    method,
    headers: { host, "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A handler's answer: its status and its `{data}` or `{error}` envelope. */
export async function readEnvelope<T>(
  res: Response | Promise<Response>,
): Promise<{ status: number; body: ApiEnvelope<T> }> {
  const r = await res;
  return { status: r.status, body: (await r.json()) as ApiEnvelope<T> };
}

/** The envelope's data; an error answer fails the test with its code. */
export function envelopeData<T>(body: ApiEnvelope<T>): T {
  if ("error" in body) throw new Error(`unexpected error ${body.error.code}: ${body.error.message}`);
  return body.data;
}

type RouteModule = Record<string, ((req: Request) => Promise<Response>) | undefined>;

/**
 * One request to the storefront's API as the browser sends it: by its URL, through the one
 * catch-all route (app/api/[...path]) and its pipeline, as Next would call it. Loaded on the first
 * call, after the suite's `vi.mock("next/headers")`.
 */
export async function storeApi(req: Request): Promise<Response> {
  const route = (await import("@/app/api/[...path]/route")) as unknown as RouteModule;
  const serve = route[req.method];
  if (!serve) throw new Error(`app/api/[...path] serves no ${req.method}`);
  return serve(req);
}
