import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { tenantWhatsApp } from "../db/schema";
import type { SandboxSetting } from "../payments/accounts";

/** Meta's Graph API, the version our requests are written against. */
export const GRAPH_API = "https://graph.facebook.com";
export const GRAPH_VERSION = "v21.0";

export type WhatsAppConfig = typeof tenantWhatsApp.$inferSelect;

/** The tenant's WhatsApp sender, or null (its messages go by text message). Server only: it holds the access token. */
export async function loadWhatsApp(db: Db | Tx, tenantId: string): Promise<WhatsAppConfig | null> {
  const [row] = await db.select().from(tenantWhatsApp).where(eq(tenantWhatsApp.tenantId, tenantId)).limit(1);
  return row ?? null;
}

/**
 * Where the Cloud API is reached: Meta's by default, this app's /sandbox/whatsapp for "sandbox"
 * (only while sandboxes are on: null otherwise, and the message goes by text), else the given URL.
 */
export function whatsappBaseUrl(cfg: Pick<WhatsAppConfig, "baseUrl">, sandbox: SandboxSetting): string | null {
  if (cfg.baseUrl === "sandbox")
    return sandbox.enabled ? `${sandbox.origin.replace(/\/$/, "")}/sandbox/whatsapp` : null;
  return (cfg.baseUrl ?? GRAPH_API).replace(/\/$/, "");
}

/**
 * Meta refused the message itself (HTTP 4xx: an unknown template, a wrong parameter count, a
 * number it does not take): sending it again will not help. Anything else (no answer, 5xx) is
 * transient, and may even have been delivered.
 */
export class WhatsAppRefused extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = "WhatsAppRefused";
  }
}

export type TemplateMessage = { to: string; template: { name: string; language: string }; parameters: string[] };

/**
 * One template message, as the Cloud API documents it: `POST {base}/{version}/{phone-number-id}/messages`
 * with the bearer token and a template whose body takes the parameters in order. Answers Meta's
 * message id (wamid…).
 */
export async function sendWhatsAppTemplate(
  cfg: Pick<WhatsAppConfig, "phoneNumberId" | "accessToken">,
  baseUrl: string,
  m: TemplateMessage,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<string> {
  const url = `${baseUrl}/${GRAPH_VERSION}/${encodeURIComponent(cfg.phoneNumberId)}/messages`;
  let res: Response;
  try {
    res = await fetchFn(url, {
      method: "POST",
      headers: { authorization: `Bearer ${cfg.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: m.to,
        type: "template",
        template: {
          name: m.template.name,
          language: { code: m.template.language },
          components: [{ type: "body", parameters: m.parameters.map((text) => ({ type: "text", text })) }],
        },
      }),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
  } catch (err) {
    throw new Error(`WhatsApp unreachable: ${err instanceof Error ? err.name : "error"}`);
  }
  const body = (await res.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { code?: number; message?: string };
  } | null;
  if (res.ok && body?.messages?.[0]?.id) return body.messages[0].id;
  const detail = `WhatsApp HTTP ${res.status}: ${body?.error?.message ?? "no answer body"}`.slice(0, 300);
  if (res.status >= 400 && res.status < 500 && res.status !== 429)
    throw new WhatsAppRefused(body?.error?.code ?? null, detail);
  throw new Error(detail);
}
