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

export class PageStore {
  private pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage) {
    this.delete(key);
    const size = page.body.length * 2;
    if (size > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += size;
    for (const [oldest, p] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= p.body.length * 2;
    }
  }

  delete(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.body.length * 2;
  }

  clear() {
    this.pages.clear();
    this.bytes = 0;
  }

  get size() {
    return this.pages.size;
  }
}
