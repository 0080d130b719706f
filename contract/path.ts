/**
 * An endpoint's address as both APIs declare it: a method and a path pattern, where a segment
 * ":name" is one parameter and a last segment "*name" takes the rest of the path. Apart from
 * endpoint.ts and free of zod, so that the browser's client of the storefront's API builds its
 * addresses without loading a schema.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** An endpoint's method and path pattern (below /api/app/ for the platform, below /api/ for the storefront). */
export type RouteSpec = { readonly method: HttpMethod; readonly path: string };

/** The path with its parameters filled in, each segment escaped; "*rest" takes a value with "/" as it is. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) return encodeURIComponent(String(params[segment.slice(1)]));
      if (segment.startsWith("*")) return String(params[segment.slice(1)]).split("/").map(encodeURIComponent).join("/");
      return segment;
    })
    .join("/");
}
