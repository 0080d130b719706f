/**
 * A gift card's code carried from its page (/gift/<token>, "Use it") to the checkout, kept in this
 * browser (per store, as the origin is the store) until the checkout applies it or a day passes.
 */
const KEY = "sf:gift-card-link";
const KEEP_MS = 24 * 60 * 60 * 1000;

export function rememberGiftCardLink(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Storage refused: the code is typed at checkout instead.
  }
}

export function linkedGiftCard(now = Date.now()): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as { code?: unknown; at?: unknown } | null;
    if (typeof saved?.code === "string" && typeof saved.at === "number" && now - saved.at < KEEP_MS) return saved.code;
    if (saved) localStorage.removeItem(KEY);
  } catch {
    // Unreadable: nothing is waiting.
  }
  return null;
}

export function forgetGiftCardLink(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
