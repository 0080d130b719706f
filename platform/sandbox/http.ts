import "server-only";
import { randomInt } from "node:crypto";
import { readBytes } from "@/server/body";
import { JSON_BODY_LIMIT } from "@/contract/limits";

// Small Request/Response helpers shared by the provider sandboxes (plain web APIs, no Next).

const noStore = { "cache-control": "no-store" };

export const json = (status: number, body: unknown) => Response.json(body, { status, headers: noStore });

/** An HTML page; `framable` for the embedded card form (a merchant's page frames it), else never framed. */
export const html = (body: string, status = 200, framable = false) =>
  new Response(body, {
    status,
    headers: {
      ...noStore,
      "content-type": "text/html; charset=utf-8",
      ...(framable ? {} : { "x-frame-options": "DENY" }),
    },
  });

/** A value inside an inline <script>: JSON that cannot close the script element. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Browser scripts: cached briefly, like a CDN would, and readable from every tenant host. */
export const script = (body: string) =>
  new Response(body, {
    status: 200,
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" },
  });

/** After a hosted page's button: the browser goes back to the merchant (a GET). */
export const seeOther = (location: string) => new Response(null, { status: 303, headers: { ...noStore, location } });

/**
 * The request's JSON body, or undefined when it is missing or not JSON. Read like every body of
 * the app (server/body.ts): a body past the JSON limit is refused (413) before it is all in memory.
 */
export async function readJson(req: Request): Promise<unknown> {
  const bytes = await readBytes(req, JSON_BODY_LIMIT);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** A hosted page's form field (urlencoded or multipart), or "" when absent. */
export async function formField(req: Request, name: string): Promise<string> {
  const bytes = await readBytes(req, JSON_BODY_LIMIT);
  try {
    const value = (
      await new Response(bytes, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData()
    ).get(name);
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

export function bearerToken(req: Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

/** HTTP Basic's user part (a provider that takes its key as the user, with an empty password). */
export function basicUser(req: Request): string | null {
  const m = /^Basic\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const user = decoded.split(":")[0];
  return user || null;
}

/** The origin of an absolute http(s) URL, or null: hosted pages live on the merchant's return host. */
export function httpOrigin(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** `url` with `params` added to its query string (existing parameters kept). */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Halalas as "1,234.50 SAR" for the hosted pages. */
export const formatSar = (halalas: number) =>
  `${(halalas / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} SAR`;

/** A random number of `n` digits (no leading zero), as text. */
export const randomDigits = (n: number) => Array.from({ length: n }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join("");

/**
 * A provider's notifications, as providers deliver them: POSTed as JSON after the answer, never
 * awaited, a merchant that is down or slow (5 s) losing only its own notification.
 */
export function deliverWebhooks(
  deliveries: () => Promise<{ url: string; headers?: Record<string, string>; body: unknown }[]>,
): void {
  void (async () => {
    for (const d of await deliveries()) {
      await fetch(d.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...d.headers },
        body: JSON.stringify(d.body),
        signal: AbortSignal.timeout(5000),
      }).catch(() => undefined);
    }
  })().catch(() => undefined);
}
