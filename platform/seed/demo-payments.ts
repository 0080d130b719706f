import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import type { PaymentAccounts } from "../db/schema";

/**
 * The demo store's provider accounts: every provider points at this app's sandbox, so
 * the demo pays end to end with no internet. The keys are sandbox keys; the sandboxes pair a
 * publishable key with its secret by their common suffix (pk_test_rimal_sandbox ↔ sk_test_rimal_sandbox).
 */
export const SPA_PAYMENT_ACCOUNTS: PaymentAccounts = {
  moyasar: {
    baseUrl: "sandbox",
    secretKey: "sk_test_rimal_sandbox",
    webhookSecret: "whsec_moyasar_rimal",
    applePayDomainAssociation: "sandbox-apple-pay-domain-association:rimal",
  },
  myfatoorah: { baseUrl: "sandbox", secretKey: "mf_test_rimal", webhookSecret: "whsec_myfatoorah_rimal" },
  "rekaz-pay": { baseUrl: "sandbox", secretKey: "mf_test_rimal_rekaz", webhookSecret: "whsec_rekaz_rimal" },
  tabby: { baseUrl: "sandbox", secretKey: "sk_test_tabby_rimal", webhookSecret: "whsec_tabby_rimal" },
  tamara: { baseUrl: "sandbox", secretKey: "tamara_test_rimal", webhookSecret: "tamara_notification_rimal" },
};

/** Written when missing (also on a database seeded without them); an operator's own accounts are kept. */
export async function seedPaymentsDemo(db: Db): Promise<void> {
  const [spa] = await db.select({ id: s.tenants.id }).from(s.tenants).where(eq(s.tenants.slug, "spa")).limit(1);
  if (!spa) return;
  await db
    .insert(s.tenantPaymentAccounts)
    .values({ tenantId: spa.id, accounts: SPA_PAYMENT_ACCOUNTS })
    .onConflictDoNothing();
}
