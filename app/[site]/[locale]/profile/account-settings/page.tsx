import { AccountGate } from "@/components/account/account-gate";
import { AccountSettingsForm } from "@/components/account/account-settings-form";
import { RemindersSwitch } from "@/components/account/reminders-switch";
import { platform } from "@/lib/platform-client/core";
import { loadForCustomer } from "@/lib/session/page-session";
import { loadSite, type SiteParams } from "@/lib/site";
import { storeCatalogue } from "@/lib/store-kinds";
import { parseReminderHours } from "@/contract/tenant-settings";

export const dynamic = "force-dynamic";

/** Name (first and last when the store separates them), email and the store's custom fields of the signed-in customer, with the values they have; their booking reminders switch. */
export default async function AccountSettingsPage({ params }: { params: Promise<SiteParams> }) {
  const { tenant, config, locale } = await loadSite(await params);
  const page = await loadForCustomer(tenant, (token) =>
    Promise.all([
      platform({ tenant, locale, token }).customers.me(),
      platform({ tenant, locale }).customers.customFields(),
    ]),
  );
  if (page.status !== "ok") return <AccountGate status={page.status} />;
  const [customer, definitions] = page.data;
  // The switch only where there is something to remind of: a store that takes bookings and sends reminders.
  const products = await storeCatalogue(tenant, locale);
  const reminders =
    products.some((p) => p.typeString === "reservation") &&
    parseReminderHours(tenant.settings.bookingReminderHours)?.length !== 0;
  return (
    <div className="grid gap-6">
      <AccountSettingsForm
        key={customer.id}
        customer={customer}
        definitions={definitions}
        separateNames={config.separateFirstAndLastName}
      />
      {reminders ? <RemindersSwitch key={`${customer.id}-reminders`} customer={customer} /> : null}
    </div>
  );
}
