import { LRUCache } from "lru-cache";

/**
 * The page cache's memory: rendered pages per key (site, locale, path), least recently used
 * dropped first beyond a byte budget. One per process (the page cache's process singleton: the
 * proxy and the request guard's fast path share it). Each instance behind a load balancer has its own; they agree because
 * every entry is checked against the tenant's content version (platform/services/content-version.ts).
 */

export type CachedPage = {
  /**
   * The page's UTF-8 bytes between the nonce placeholders (pageBytes): a hit writes them around
   * its own nonce (withNonce), instead of replacing it in a string and encoding ~100 KB again on
   * every response, on the server's one thread.
   */
  parts: Buffer[];
  status: number;
  headers: [string, string][];
  /** The tenant's content version read before the page was rendered; null when unknown. */
  version: string | null;
  storedAt: number;
};

/** A rendered page's bytes, split where `placeholder` (the fill's nonce) stands. */
export function pageBytes(body: string, placeholder: string): Buffer[] {
  return body.split(placeholder).map((part) => Buffer.from(part));
}

/**
 * A page's bytes with `nonce` where its placeholders stood, as chunks to write in turn: the stored
 * parts themselves, not a copy (joining ~100 KB into a new buffer costs a hit more than writing it).
 */
export function withNonce(page: CachedPage, nonce: string): Buffer[] {
  const value = Buffer.from(nonce);
  return page.parts.flatMap((part, i) => (i === 0 ? [part] : [value, part]));
}

const pageSize = (page: CachedPage) => page.parts.reduce((n, part) => n + part.byteLength, 0);

/** Pages by key, least recently used dropped first beyond a byte budget or an entry count (lru-cache). */
export class PageStore {
  private pages: LRUCache<string, CachedPage>;

  constructor(maxBytes: number, maxEntries = 5000) {
    // A page larger than the budget is not kept.
    this.pages = new LRUCache<string, CachedPage>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (page) => Math.max(1, pageSize(page)),
    });
  }

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: CachedPage) {
    this.pages.set(key, page);
  }

  delete(key: string) {
    this.pages.delete(key);
  }

  clear() {
    this.pages.clear();
  }

  get size() {
    return this.pages.size;
  }
}
