import { redirect } from "next/navigation";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";
import { storeCatalogue } from "@/lib/store-kinds";
import { accountPagesFor } from "@/components/account/account-pages";

/** /profile itself has no content: the bookings come first where the store sells them, else the orders. */
export default async function ProfileIndex({ params }: { params: Promise<SiteParams> }) {
  const { tenant, config, locale } = await loadSite(await params);
  const pages = accountPagesFor(await storeCatalogue(tenant, locale), config.hasPackages);
  redirect(localePath(locale, pages.includes("reservations") ? "/profile/reservations" : "/profile/orders"));
}
