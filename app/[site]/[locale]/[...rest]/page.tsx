import { notFound } from "next/navigation";
import { loadSite, type SiteParams } from "@/lib/site";

/** Any other path inside a store: the store's own 404 page (with its header), status 404. */
export default async function UnknownStorePath({ params }: { params: Promise<SiteParams> }) {
  await loadSite(await params);
  notFound();
}
