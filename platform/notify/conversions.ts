import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { carts, tenantConversions, type ConversionPlatform, type OrderTracking } from "../db/schema";
import type { SandboxSetting } from "../payments/accounts";
import { readCart } from "../services/cart";
import { lineItems } from "@/contract/dto/line-items";
import { CONVERSION_KIND, conversionDedupeKey, type ConversionParams } from "./conversion-kind";
import {
  PLATFORM_APIS,
  PURCHASE_REQUESTS,
  type ConversionCredentials,
  type PurchaseFacts,
} from "./conversion-payloads";
import { writeOutboxRow } from "./outbox";

// The ad platforms' server-side Purchase (docs/messages.md): written to the outbox with the order's
// completion, sent by the messages' worker with its retries, lease and backoff.

export type ConversionConfig = typeof tenantConversions.$inferSelect;

/** The tenant's configured platforms. Server only: the rows hold the access tokens. */
export function loadConversions(db: Db | Tx, tenantId: string): Promise<ConversionConfig[]> {
  return db.select().from(tenantConversions).where(eq(tenantConversions.tenantId, tenantId));
}

/**
 * One outbox row per platform the tenant configured, in the completion's transaction, for an order
 * whose shopper consented (the caller checks). A doubled completion writes nothing more: the dedupe key.
 */
export async function enqueueConversions(tx: Db | Tx, tenantId: string, orderId: string): Promise<number> {
  const configs = await loadConversions(tx, tenantId);
  if (configs.length === 0) return 0;
  const [order] = await tx
    .select({ locale: carts.locale })
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.id, orderId)));
  let written = 0;
  for (const c of configs) {
    const params: ConversionParams = { orderId, platform: c.platform };
    const wrote = await writeOutboxRow(tx, {
      tenantId,
      kind: CONVERSION_KIND,
      dedupeKey: conversionDedupeKey(c.platform, orderId),
      to: c.platform,
      locale: order?.locale === "en" ? "en" : "ar",
      params,
    });
    if (wrote) written++;
  }
  return written;
}

/**
 * Where a platform is reached: its own API by default, this app's /sandbox/conversions/<platform>
 * for "sandbox" (only while sandboxes are on: null otherwise, and the event is not sent), else the URL.
 */
export function conversionBaseUrl(cfg: Pick<ConversionConfig, "baseUrl" | "platform">, sandbox: SandboxSetting) {
  if (cfg.baseUrl === "sandbox")
    return sandbox.enabled ? `${sandbox.origin.replace(/\/$/, "")}/sandbox/conversions/${cfg.platform}` : null;
  return (cfg.baseUrl ?? PLATFORM_APIS[cfg.platform]).replace(/\/$/, "");
}

/** The order's Purchase facts, as the done page's pixel reads them (the order's lines and total with VAT). */
export async function purchaseFacts(db: Db, tenantId: string, orderId: string): Promise<PurchaseFacts | null> {
  const [row] = await db
    .select({
      customerId: carts.customerId,
      locale: carts.locale,
      completedAt: carts.completedAt,
      mobile: carts.customerMobile,
      tracking: carts.tracking,
      utm: carts.utm,
    })
    .from(carts)
    .where(and(eq(carts.tenantId, tenantId), eq(carts.id, orderId), eq(carts.status, "completed")));
  if (!row?.completedAt || !row.tracking) return null;
  const order = await readCart(
    db,
    { tenantId, customerId: row.customerId },
    orderId,
    row.locale === "en" ? "en" : "ar",
  );
  return {
    orderId,
    completedAt: row.completedAt,
    value: order.totalAmount,
    currency: "SAR",
    items: lineItems(order),
    mobile: row.mobile,
    tracking: row.tracking as OrderTracking,
    utm: row.utm,
  };
}

/** The platform refused the event itself (a 4xx, or TikTok's non-zero code): sending it again will not help. */
export class ConversionRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConversionRefused";
  }
}

/** The platform's own words for a refusal, from whichever error body it answers with. */
function errorText(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  const meta = b.error as { message?: unknown; error_user_msg?: unknown } | undefined;
  if (typeof meta?.message === "string")
    return typeof meta.error_user_msg === "string" ? `${meta.message}: ${meta.error_user_msg}` : meta.message;
  if (typeof b.message === "string") return b.message;
  if (typeof b.reason === "string") return b.reason;
  const ga4 = b.validationMessages as { description?: unknown }[] | undefined;
  if (Array.isArray(ga4) && typeof ga4[0]?.description === "string") return ga4[0].description;
  return "no answer body";
}

/**
 * Sends one platform's Purchase (10 s at most). A refusal (4xx but 429, or TikTok's code 4xxxx in a
 * 200) throws ConversionRefused; no answer, a 429 or a 5xx throws a plain Error, which is retried.
 */
export async function sendConversion(
  platform: ConversionPlatform,
  cfg: ConversionCredentials,
  baseUrl: string,
  facts: PurchaseFacts,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<void> {
  const r = PURCHASE_REQUESTS[platform](facts, cfg);
  const url = new URL(`${baseUrl}${r.path}`);
  for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetchFn(url.toString(), {
      method: "POST",
      headers: { ...r.headers, "content-type": "application/json" },
      body: JSON.stringify(r.body),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
  } catch (err) {
    throw new Error(`${platform} unreachable: ${err instanceof Error ? err.name : "error"}`);
  }
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  // TikTok answers its refusals with HTTP 200 and a code: 0 is success, 4xxxx the request's fault.
  const tiktokCode = platform === "tiktok" ? (body as { code?: unknown } | null)?.code : 0;
  if (res.ok && (tiktokCode === 0 || tiktokCode === undefined)) return;
  const detail = `${platform} HTTP ${res.status}${typeof tiktokCode === "number" && tiktokCode !== 0 ? ` code ${tiktokCode}` : ""}: ${errorText(body)}`;
  const refused =
    (res.status >= 400 && res.status < 500 && res.status !== 429) ||
    (typeof tiktokCode === "number" && tiktokCode >= 40000 && tiktokCode < 50000);
  throw refused ? new ConversionRefused(detail.slice(0, 300)) : new Error(detail.slice(0, 300));
}

/** Is this outbox row an ad platform's event (sent by deliverConversion, not rendered)? */
export const isConversion = (kind: string) => kind === CONVERSION_KIND;

/**
 * Sends one claimed conversion row: "sent" when the platform took it, "cancelled" when there is
 * nothing to send any more (the platform removed, the order's context gone, the sandbox off).
 * Throws what sendConversion throws.
 */
export async function deliverConversion(
  db: Db,
  m: { tenantId: string; params: Record<string, unknown> },
  sandbox: SandboxSetting,
  fetchFn: typeof fetch,
): Promise<"sent" | "cancelled"> {
  const { orderId, platform } = m.params as ConversionParams;
  const [cfg] = (await loadConversions(db, m.tenantId)).filter((c) => c.platform === platform);
  const base = cfg && conversionBaseUrl(cfg, sandbox);
  const facts = base ? await purchaseFacts(db, m.tenantId, orderId) : null;
  if (!cfg || !base || !facts) return "cancelled";
  await sendConversion(platform, cfg, base, facts, fetchFn);
  return "sent";
}
