import "server-only";
import type { Db } from "../db/client";
import { json } from "./http";
import type { SandboxProvider } from "./store";
import { SANDBOXES } from "@/payment-providers/platform";
import { errorResponse } from "@/server/error-envelope";
import { CodedError } from "@/contract/coded-error";

// One entry to every provider sandbox (each provider folder's, payment-providers/platform.ts): the
// Next route app/sandbox/[provider]/[...path] and the tests' node:http servers both hand it a
// Request whose path starts with /sandbox/<provider>/.

export type { SandboxProvider };

export const SANDBOX_PROVIDERS: readonly SandboxProvider[] = Object.keys(SANDBOXES);

const isProvider = (name: string): name is SandboxProvider => Object.hasOwn(SANDBOXES, name);

/** The provider and the path below it of a /sandbox/<provider>/… URL, or null. */
export function sandboxPath(url: string): { provider: SandboxProvider; path: string[] } | null {
  const segments = new URL(url).pathname
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  if (segments[0] !== "sandbox" || !segments[1] || !isProvider(segments[1])) return null;
  return { provider: segments[1], path: segments.slice(2) };
}

/** Answers one sandbox request; a crash is a 500 (logged), never an unhandled rejection. */
export async function handleSandbox(
  req: Request,
  db: Db,
  provider: SandboxProvider,
  path: string[],
): Promise<Response> {
  try {
    return await SANDBOXES[provider](req, db, path);
  } catch (err) {
    // A body past its limit, refused as a provider's API would; anything else is a fault.
    if (err instanceof CodedError && err.status < 500) return errorResponse(err, "sandbox");
    console.error(`[sandbox:${provider}]`, err);
    return json(500, { error: "The sandbox failed to answer" });
  }
}

/**
 * A fetch-style handler for every /sandbox/<provider>/… path (any host): mount it on a node:http
 * server (see node-server.ts) to stand in for the providers in tests.
 */
export function sandboxRequestHandler(db: Db): (req: Request) => Promise<Response> {
  return async (req) => {
    const target = sandboxPath(req.url);
    if (!target) return json(404, { error: "Not a sandbox path" });
    return handleSandbox(req, db, target.provider, target.path);
  };
}

/**
 * Presses a hosted page's button (3-D Secure: authenticate | fail | expire; a pay-later checkout:
 * approve | decline | cancel) as the shopper's browser would, whatever host the page URL names, and returns
 * where the sandbox sends the browser back to (the merchant's return URL with the provider's query).
 */
export async function pressSandboxButton(db: Db, pageUrl: string, action: string): Promise<string> {
  const res = await sandboxRequestHandler(db)(
    new Request(pageUrl, { method: "POST", body: new URLSearchParams({ action }) }),
  );
  const location = res.headers.get("location");
  if (res.status !== 303 || !location)
    throw new Error(`The sandbox page ${pageUrl} answered ${res.status}, not a redirect`);
  return location;
}
