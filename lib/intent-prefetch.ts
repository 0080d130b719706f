/**
 * Prefetch on intent: a catalogue link (home, the product list, a product, a website page) is
 * fetched in full when a mouse rests on it (65 ms, as instant.page waits) or it takes the keyboard's
 * focus, so the click that follows navigates client-side at once.
 *
 * Links do not prefetch in the viewport (a page of product cards would fetch a flight payload per
 * card after load: main-thread work and data a phone pays for), and Next's `prefetch={false}` also
 * turns off its own hover prefetch, so one delegated listener does it for every link. A touch is
 * not an intent here: the tap follows within ~100 ms and the router does not join a prefetch in
 * flight, so the server would render the page twice. Nothing is prefetched when the browser asks
 * to save data.
 *
 * It is the layout's inline script (with its nonce), beside the early-tap one, not a module: the
 * product page's first-load JavaScript has no room for another chunk. It asks the app router Next
 * sets on `window.next` as it hydrates; before that, nothing happens.
 */

type Link = { origin: string; pathname: string; search: string; target: string; hasAttribute(name: string): boolean };

/**
 * The path to prefetch for a link, or null: another origin, a new tab, a download, not a catalogue
 * page (`/`, `/products`, `/products/x`, `/z/…`, in either language), or this very page.
 * Self-contained: its source is the inline script's.
 */
export function intentTarget(a: Link, here: { origin: string; pathname: string; search: string }): string | null {
  if (
    a.origin !== here.origin ||
    a.target ||
    a.hasAttribute("download") ||
    !/^(?:\/en)?(?:\/|\/products(?:\/[^/]+)?|\/z(?:\/[^/]+)+)?$/.test(a.pathname)
  )
    return null;
  const href = a.pathname + a.search;
  return href === here.pathname + here.search ? null : href;
}

export const INTENT_PREFETCH_SCRIPT =
  `(function(match){var t;` +
  `function target(e){if(navigator.connection&&navigator.connection.saveData)return null;var a=e.target&&e.target.closest&&e.target.closest("a[href]");return a?match(a,location):null}` +
  `function go(h){var r=window.next&&window.next.router;if(r)r.prefetch(h,{kind:"full"})}` +
  `function stop(){clearTimeout(t)}` +
  `document.addEventListener("pointerover",function(e){stop();var h=e.pointerType==="mouse"&&target(e);if(h)t=setTimeout(go,65,h)},true);` +
  `document.addEventListener("pointerout",stop,true);document.addEventListener("pointerdown",stop,true);` +
  `document.addEventListener("focusin",function(e){var h=target(e);if(h)go(h)},true)})(${intentTarget.toString()})`;
