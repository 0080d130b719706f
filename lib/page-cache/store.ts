import { LRUCache } from "lru-cache";

/**
 * The page cache's memory: rendered pages per key (site, locale, path), least recently used
 * dropped first beyond a byte budget. One per process (on globalThis: the proxy and the app's
 * server code share it). Each instance behind a load balancer has its own; they agree because
 * every entry is checked against the tenant's content version (platform/services/content-version.ts).
 */

export type CachedPage = {
  body: string;
  status: number;
  headers: [string, string][];
  /** The tenant's content version read before the page was rendered; null when unknown. */
  version: string | null;
  storedAt: number;
};

/** Pages by key, least recently used dropped first beyond a byte budget or an entry count (lru-cache). */
export class PageStore {
  private pages: LRUCache<string, CachedPage>;

  constructor(maxBytes: number, maxEntries = 5000) {
    // A JavaScript string takes two bytes a character; a page larger than the budget is not kept.
    this.pages = new LRUCache<string, CachedPage>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (page) => Math.max(1, page.body.length * 2) });
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
