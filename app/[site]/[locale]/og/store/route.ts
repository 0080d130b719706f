import { storeCard } from "@/lib/og/cards";
import { shareImageResponse } from "@/lib/og/serve";
import { shareStore } from "@/lib/og/store";

/** GET /og/store[?v=]: the store's 1200×630 share image, for pages without a picture of their own. */
export async function GET(req: Request, { params }: { params: Promise<{ site: string; locale: string }> }) {
  const p = await params;
  const store = await shareStore(p.site, p.locale);
  if (!store) return new Response("Not found", { status: 404 });
  return shareImageResponse(await storeCard(store, store.locale), new URL(req.url).searchParams.get("v"));
}
