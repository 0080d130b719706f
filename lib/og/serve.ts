import "server-only";
import { LRUCache } from "lru-cache";
import { renderShareImage, shareVersion, type ShareCard } from "./share-image";

/**
 * Rendered share images, by card fingerprint: bounded by bytes and entries (a PNG is 20–120 KB).
 * lru-cache's fetch renders one card once however many crawlers ask for it at the same moment.
 */
const rendered = new LRUCache<string, Buffer, ShareCard>({
  max: 400,
  maxSize: 24 * 1024 * 1024,
  sizeCalculation: (png) => png.length,
  fetchMethod: (_key, _stale, { context }) => renderShareImage(context),
});

/** The card's PNG; cached for a year when the address names this very card (`v`), else for five minutes. */
export async function shareImageResponse(card: ShareCard, requested: string | null): Promise<Response> {
  const version = shareVersion(card);
  const png = await rendered.fetch(`${card.locale}|${version}`, { context: card });
  if (!png) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(png), {
    headers: {
      "content-type": "image/png",
      "content-length": String(png.length),
      "cache-control": requested === version ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
