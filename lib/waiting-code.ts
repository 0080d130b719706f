/**
 * A code carried into the store by a link (a coupon's, a gift card's), kept in this browser's
 * storage under `key` until it is applied or `keepMs` passes. The origin is the store, so the
 * storage is per store and the same whatever the language.
 */
export function waitingCode(key: string, keepMs: number) {
  return {
    remember(code: string, now = Date.now()): void {
      try {
        localStorage.setItem(key, JSON.stringify({ code, at: now }));
      } catch {
        // Storage refused (private mode, quota): the code is applied now or typed later.
      }
    },
    read(now = Date.now()): string | null {
      try {
        const saved = JSON.parse(localStorage.getItem(key) ?? "null") as { code?: unknown; at?: unknown } | null;
        if (typeof saved?.code === "string" && typeof saved.at === "number" && now - saved.at < keepMs)
          return saved.code;
        if (saved) localStorage.removeItem(key);
      } catch {
        // Unreadable: nothing is waiting.
      }
      return null;
    },
    forget(): void {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing to forget.
      }
    },
  };
}
