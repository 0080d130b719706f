import type { EndpointBase } from "@/contract/endpoint";
import type { RouteSpec } from "@/contract/path";
import { addressOf, type ApiClient, type FileKeys } from "./client";

/**
 * A group's files (its RAW_RESPONSE endpoints: the invoice PDF, the calendar, a wallet pass, an
 * upload) as links the browser opens itself: `href` builds the address, with the page's language
 * in the query, where a link carries it. Apart from client.ts, so pages without a file link do not
 * load it.
 */
export function withLinks<G extends Record<string, EndpointBase>>(
  client: ApiClient<G>,
  routes: { [K in keyof G]: RouteSpec },
  files: readonly FileKeys<G>[],
): ApiClient<G> {
  for (const name of files)
    Object.assign(client, {
      [name]: {
        href: ({ params, query }: { params?: object; query?: object } = {}, locale?: string) =>
          addressOf("/api/", routes[name], { params: { ...params }, query: { ...query, locale } }),
      },
    });
  return client;
}
