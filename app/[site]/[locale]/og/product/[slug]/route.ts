import { productCard } from "@/lib/og/cards";
import { shareImageResponse } from "@/lib/og/serve";
import { orNull, platform } from "@/lib/platform-client/core";
import { shareStore } from "@/lib/og/store";
import { decodedSegment } from "@/lib/site-routing";

/** GET /og/product/<slug>[?v=]: a product's 1200×630 share image (og:image). */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ site: string; locale: string; slug: string }> },
) {
  const p = await params;
  const store = await shareStore(p.site, p.locale);
  const slug = decodedSegment(p.slug);
  const product =
    store && slug
      ? await orNull(platform({ tenant: store.tenant, locale: store.locale }).catalog.bySlug({ params: { slug } }))
      : null;
  if (!store || !product) return new Response("Not found", { status: 404 });
  return shareImageResponse(await productCard(product, store, store.locale), new URL(req.url).searchParams.get("v"));
}
