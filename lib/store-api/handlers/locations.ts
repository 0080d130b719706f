import "server-only";
import { locations } from "@/contract/store/locations";
import { orNull, PlatformCallError } from "@/lib/platform-client/core";
import { handlers } from "../context";

/**
 * Spec §6: location reads quietly return nothing without a token. A token the platform refuses
 * (401) counts as none too: the header must not show an error to someone whose session ran out.
 */
async function quietlySignedOut<T>(token: string | null, empty: T, read: () => Promise<T>): Promise<T> {
  if (!token) return empty;
  try {
    return await read();
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 401) return empty;
    throw err;
  }
}

export const locationsHandlers = handlers(locations, {
  list: (ctx) => quietlySignedOut(ctx.token, [], () => ctx.platform().locations.list()),
  create: (ctx) => ctx.platform().locations.create({ body: ctx.body }),
  remove: async (ctx) => {
    await ctx.platform().locations.delete({ params: { id: ctx.params.id } });
    return null;
  },
  /** The platform's 404 (nothing within 500 m) is null here. */
  closest: (ctx) =>
    quietlySignedOut(ctx.token, null, () => orNull(ctx.platform().locations.closest({ query: ctx.query }))),
  suggestion: (ctx) =>
    quietlySignedOut(ctx.token, { suggestion: null }, () => ctx.platform().locations.suggestion({ query: ctx.query })),
});
