import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";

/**
 * The spa's WhatsApp sender, against this app's sandbox (/sandbox/whatsapp), with templates
 * registered there (platform/sandbox/whatsapp.ts's SANDBOX_TEMPLATES) for what happens to an
 * order after it is placed, one per kind. The confirmation itself has none, and goes by text message: the
 * demo shows both channels, and where a kind has no template the store's text messages carry it.
 * A gift card has none either: its recipient is not the store's customer and never agreed to hear
 * from it on WhatsApp (Meta asks for that opt-in before a business writes first).
 */
const KINDS = [
  "order_paid",
  "transfer_received",
  "transfer_approved",
  "transfer_refused",
  "booking_cancelled",
  "booking_moved",
  "refund_issued",
  "booking_reminder",
] as const;
/** Each kind its own template of the same name: a template's words are fixed, so one per message. */
const templates: Record<string, s.WhatsAppTemplate> = Object.fromEntries(
  KINDS.map((kind) => [kind, { name: kind, languages: { ar: "ar", en: "en" } }]),
);

export const SPA_WHATSAPP = {
  phoneNumberId: "109876543210987",
  accessToken: "EAAG_sandbox_rimal_whatsapp",
  baseUrl: "sandbox",
  templates,
};

/** Written when missing (also on a database seeded without it); an operator's own sender is kept. */
export async function seedWhatsAppDemo(db: Db): Promise<void> {
  const [spa] = await db.select({ id: s.tenants.id }).from(s.tenants).where(eq(s.tenants.slug, "spa")).limit(1);
  if (!spa) return;
  await db
    .insert(s.tenantWhatsApp)
    .values({ tenantId: spa.id, ...SPA_WHATSAPP })
    .onConflictDoNothing();
}
