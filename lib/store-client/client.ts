import type { CallInput, EndpointBase, RAW_RESPONSE, ResponseOf } from "@/contract/endpoint";
import { fillPath, type RouteSpec } from "@/contract/path";
import { fetchEnvelope, type FetchOptions } from "@/lib/client-fetch";

/**
 * The browser's clients of its server, derived from the declarations: one function per endpoint,
 * its address built from the group's routes (contract/store/routes, contract/public-reads.ts) and
 * its input and answer typed from the full declarations, imported as types only, so that no
 * schema reaches the browser. Refusals throw StoreApiError (lib/client-fetch.ts).
 */

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** What a call may add: the page's language, the intent's Idempotency-Key, a signal that cancels it. */
export type CallOptions = Pick<FetchOptions, "locale" | "idempotencyKey" | "signal">;

type Call<E extends EndpointBase> =
  Record<never, never> extends CallInput<E>
    ? (input?: CallInput<E>, options?: CallOptions) => Promise<ResponseOf<E>>
    : (input: CallInput<E>, options?: CallOptions) => Promise<ResponseOf<E>>;

/** A file the browser opens itself (a download, an image): its address, the language in its query (links.ts). */
type Link<E extends EndpointBase> = { href: (input: Omit<CallInput<E>, "body">, locale?: string) => string };

/** The endpoints of a group that answer a file (RAW_RESPONSE): links, not calls. */
export type FileKeys<G extends Record<string, EndpointBase>> = {
  [K in keyof G]: G[K]["response"] extends typeof RAW_RESPONSE ? K : never;
}[keyof G];

export type ApiClient<G extends Record<string, EndpointBase>> = {
  [K in keyof G]: K extends FileKeys<G> ? Link<G[K]> : Call<G[K]>;
};

/** An endpoint's address below `root`, its query after it (a value left undefined is left out). */
export function addressOf(root: string, route: RouteSpec, { params = {}, query = {} }: Input = {}): string {
  const search = `${new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined) as string[][])}`;
  return root + fillPath(route.path, params) + (search && `?${search}`);
}

/** One group's client: its routes, below `root` (the storefront's /api/, the platform's /api/app/). */
export function apiClient<G extends Record<string, EndpointBase>>(
  routes: { [K in keyof G]: RouteSpec },
  root = "/api/",
  credentials?: RequestCredentials,
): ApiClient<G> {
  const client: Record<string, unknown> = {};
  for (const name in routes) {
    const route: RouteSpec = routes[name];
    client[name] = (input: Input = {}, options?: CallOptions) =>
      fetchEnvelope(route.method, addressOf(root, route, input), input.body, { ...options, credentials });
  }
  return client as ApiClient<G>;
}
