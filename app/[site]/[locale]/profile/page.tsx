import { redirect } from "next/navigation";
import { loadSite, type SiteParams } from "@/lib/site";
import { localePath } from "@/lib/site-routing";

/** /profile itself has no content: the reservations come first. */
export default async function ProfileIndex({ params }: { params: Promise<SiteParams> }) {
  const { locale } = await loadSite(await params);
  redirect(localePath(locale, "/profile/reservations"));
}
