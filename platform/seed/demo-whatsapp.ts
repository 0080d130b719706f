import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";

/**
 * The spa's WhatsApp sender, against this app's sandbox (/sandbox/whatsapp), with templates
 * registered there (platform/sandbox/whatsapp.ts's SANDBOX_TEMPLATES) for what happens to an
 * order after it is placed. The confirmation itself has none, and goes by text message: the
 * demo shows both channels, and where a kind has no template the store's text messages carry it.
 */
const templates: Record<string, s.WhatsAppTemplate> = Object.fromEntries([
  ...["order_paid", "transfer_received", "transfer_approved", "transfer_refused"].map((kind) => [
    kind,
    { name: "order_update", languages: { ar: "ar", en: "en" } },
  ]),
  ...["booking_cancelled", "booking_moved"].map((kind) => [
    kind,
    { name: "booking_update", languages: { ar: "ar", en: "en" } },
  ]),
  ["refund_issued", { name: "refund_issued", languages: { ar: "ar", en: "en" } }],
]);

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
