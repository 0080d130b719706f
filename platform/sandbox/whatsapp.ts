import "server-only";
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { tenantWhatsApp, whatsappSandboxMessages } from "../db/schema";
import { bearerToken, json, readJson } from "./http";

// The WhatsApp Business Cloud API's sandbox (/sandbox/whatsapp/<version>/<phone-number-id>/messages):
// it takes template messages as Meta does, records what it took (per phone number id, read at
// /sandbox/whatsapp for the host's store), and refuses what Meta refuses, with Meta's error body:
// a token that is not the number's, an unknown template or language (132001), a parameter count
// that is not the template's (132000), a recipient that is not an E.164 number (100).

/**
 * The templates "approved" in the sandbox: name → its languages and its body's parameter count.
 * A template's words are fixed at Meta, so each message kind has its own (a generic "order update"
 * could not say whether a transfer was approved or refused); `order_update` is a generic one an
 * operator may map anything with the order's three parameters to.
 */
export const SANDBOX_TEMPLATES: Record<string, { languages: string[]; parameters: number }> = {
  order_update: { languages: ["ar", "en"], parameters: 3 },
  booking_update: { languages: ["ar", "en"], parameters: 3 },
  order_paid: { languages: ["ar", "en"], parameters: 3 },
  transfer_received: { languages: ["ar", "en"], parameters: 3 },
  transfer_approved: { languages: ["ar", "en"], parameters: 3 },
  transfer_refused: { languages: ["ar", "en"], parameters: 3 },
  booking_cancelled: { languages: ["ar", "en"], parameters: 3 },
  booking_moved: { languages: ["ar", "en"], parameters: 3 },
  refund_issued: { languages: ["ar", "en"], parameters: 4 },
  // Store, service, day, time, place, specialist, order number, link (render-reminder.ts).
  booking_reminder: { languages: ["ar", "en"], parameters: 8 },
  // Recipient, store, sender (or the store), amount, expiry, link (render-gift-card.ts).
  gift_card_received: { languages: ["ar", "en"], parameters: 6 },
};

const E164 = /^\+[1-9]\d{7,14}$/;

/** Meta's error body: `{error: {message, type, code, error_data?, fbtrace_id}}`. */
const metaError = (status: number, code: number, message: string, details?: string) =>
  json(status, {
    error: {
      message: `(#${code}) ${message}`,
      type: "OAuthException",
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  });

type TemplateBody = {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
  };
};

/** POST …/<phone-number-id>/messages. */
async function sendMessage(req: Request, db: Db, phoneNumberId: string): Promise<Response> {
  const [sender] = await db.select().from(tenantWhatsApp).where(eq(tenantWhatsApp.phoneNumberId, phoneNumberId));
  if (!sender || bearerToken(req) !== sender.accessToken)
    return metaError(401, 190, "Invalid OAuth access token - Cannot parse access token");
  const body = ((await readJson(req).catch(() => null)) ?? {}) as TemplateBody;
  if (body.messaging_product !== "whatsapp")
    return metaError(400, 100, "Invalid parameter", "messaging_product: must be whatsapp");
  if (typeof body.to !== "string" || !E164.test(body.to))
    return metaError(400, 100, "Invalid parameter", "to: not a valid phone number in E.164 format");
  if (body.type !== "template" || !body.template)
    return metaError(400, 100, "Invalid parameter", "type: only template messages start a conversation");
  const name = body.template.name;
  const language = body.template.language?.code;
  const registered = typeof name === "string" ? SANDBOX_TEMPLATES[name] : undefined;
  if (!registered || typeof language !== "string" || !registered.languages.includes(language))
    return metaError(
      404,
      132001,
      "Template name does not exist in the translation",
      `template name (${String(name)}) does not exist in ${String(language)}`,
    );
  const bodyComponent = (body.template.components ?? []).find((c) => c.type === "body");
  const parameters = (bodyComponent?.parameters ?? []).map((p) => (typeof p.text === "string" ? p.text : ""));
  if (parameters.length !== registered.parameters || parameters.some((p) => p === ""))
    return metaError(
      400,
      132000,
      "Number of parameters does not match the expected number of params",
      `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${registered.parameters})`,
    );
  const [row] = await db
    .insert(whatsappSandboxMessages)
    .values({ phoneNumberId, to: body.to, template: name as string, language, parameters })
    .returning({ id: whatsappSandboxMessages.id });
  return json(200, {
    messaging_product: "whatsapp",
    contacts: [{ input: body.to, wa_id: body.to.slice(1) }],
    messages: [{ id: `wamid.${row.id}` }],
  });
}

/** /sandbox/whatsapp/<version>/<phone-number-id>/messages (the path below /sandbox/whatsapp). */
export async function whatsappSandbox(req: Request, db: Db, path: string[]): Promise<Response> {
  const [version, phoneNumberId, endpoint] = path;
  if (path.length === 3 && /^v\d+\.\d+$/.test(version) && endpoint === "messages" && req.method === "POST")
    return sendMessage(req, db, phoneNumberId);
  return metaError(400, 100, `Unsupported request - method type: ${req.method.toLowerCase()}`);
}

export type SandboxWhatsAppMessage = {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  createdAt: string;
};

/** What the sandbox took from a tenant's phone number id, newest first. */
export async function listWhatsAppSandbox(db: Db, tenantId: string, limit = 50): Promise<SandboxWhatsAppMessage[]> {
  const [sender] = await db.select().from(tenantWhatsApp).where(eq(tenantWhatsApp.tenantId, tenantId));
  if (!sender) return [];
  const rows = await db
    .select()
    .from(whatsappSandboxMessages)
    .where(eq(whatsappSandboxMessages.phoneNumberId, sender.phoneNumberId))
    .orderBy(desc(whatsappSandboxMessages.createdAt), desc(whatsappSandboxMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    template: r.template,
    language: r.language,
    parameters: r.parameters,
    createdAt: r.createdAt.toISOString(),
  }));
}
