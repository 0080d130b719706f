import { loadSite, type SiteParams } from "@/lib/site";

export default async function HomePage({ params }: { params: Promise<SiteParams> }) {
  const { tenant } = await loadSite(await params);
  return <h1>{tenant.name}</h1>;
}
