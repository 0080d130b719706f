import "server-only";
import type { BffContext } from "@/lib/cart/bff";
import { PlatformCallError } from "@/lib/platform-client/core";
import { getSessionToken } from "@/lib/session/session";

/**
 * Spec §6: location reads quietly return nothing without a token. A token the platform refuses
 * (401) counts as none too: the header must not show an error to someone whose session ran out.
 */
export async function quietlySignedOut<T>(ctx: BffContext, empty: T, read: (token: string) => Promise<T>): Promise<T> {
  const token = await getSessionToken(ctx.tenant);
  if (!token) return empty;
  try {
    return await read(token);
  } catch (err) {
    if (err instanceof PlatformCallError && err.status === 401) return empty;
    throw err;
  }
}

/** The request's `?latitude&longitude`, passed on as sent: the platform checks them with the contract's schema. */
export function positionQuery(req: Request): { latitude: string; longitude: string } {
  const q = new URL(req.url).searchParams;
  return { latitude: q.get("latitude") ?? "", longitude: q.get("longitude") ?? "" };
}
