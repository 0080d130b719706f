/**
 * Arabic pages read numbers in Arabic-Indic digits, as every price of the store does; the pay-later
 * providers' promo widgets draw Latin digits whatever their language. Their text is localised where
 * the page can reach it: their own DOM and open shadow roots (a closed one stays as drawn).
 */

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";

/** "4 payments of 1,028.75" ⇒ "٤ payments of ١٬٠٢٨٫٧٥": digits, and the separators between digits. */
export function arabicIndicDigits(text: string): string {
  return text
    .replace(/(\d)\.(?=\d)/g, "$1٫")
    .replace(/(\d),(?=\d{3})/g, "$1٬")
    .replace(/\d/g, (d) => ARABIC_INDIC[Number(d)]);
}

const SKIP = new Set(["STYLE", "SCRIPT", "TEMPLATE"]);

/**
 * Localises the digits under `root` now and whenever the widget draws again (a new amount, a
 * re-render); answers the stop. Its own edits change no digit twice, so the observers settle.
 */
export function localiseDigits(root: HTMLElement): () => void {
  const observers: MutationObserver[] = [];
  const watched = new WeakSet<Node>();
  const fix = (scope: Node) => {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.nodeValue ?? "";
        if (/\d/.test(text) && !SKIP.has(node.parentElement?.tagName ?? "")) node.nodeValue = arabicIndicDigits(text);
      } else if (node instanceof Element && node.shadowRoot) watch(node.shadowRoot);
    }
  };
  const watch = (scope: Node) => {
    if (watched.has(scope)) return;
    watched.add(scope);
    const observer = new MutationObserver(() => fix(scope));
    observer.observe(scope, { childList: true, subtree: true, characterData: true });
    observers.push(observer);
    fix(scope);
  };
  watch(root);
  return () => observers.forEach((o) => o.disconnect());
}
