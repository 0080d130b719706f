/**
 * Taps that land before the page is hydrated. The page arrives as server HTML (often from the page
 * cache) and its header buttons are visible before React has attached their handlers; on a slow
 * phone that is a second or more, and React does not replay a click made before it started. An
 * inline script (the layout's, with the CSP nonce) notes the last tapped element marked
 * `data-early-tap`; once the page has hydrated, `replayEarlyTap` clicks it again, now with its
 * handler. The cart and locations buttons act the same whatever the client state is, so they are
 * clicked at once. The account button's action depends on the session, which the page only knows
 * after hydrating: it is marked `data-early-tap-later`, and takes its tap itself from
 * `window.__sfEarlyTap` once the session has answered (components/auth/account-button.tsx).
 */

export const EARLY_TAP_ATTRIBUTE = "data-early-tap";

declare global {
  interface Window {
    /** The `data-early-tap` value of the last marked element tapped before hydration. */
    __sfEarlyTap?: string;
    /** Set once the page has hydrated: later taps are React's. */
    __sfHydrated?: boolean;
  }
}

/**
 * The inline script: a capture listener on the document that records the marked element a click
 * reached before hydration. A keyboard's Enter or Space on a focused button is a click too.
 */
export const EARLY_TAP_SCRIPT =
  `document.addEventListener("click",function(e){if(window.__sfHydrated)return;` +
  `var t=e.target&&e.target.closest&&e.target.closest("[${EARLY_TAP_ATTRIBUTE}]");` +
  `if(t)window.__sfEarlyTap=t.getAttribute("${EARLY_TAP_ATTRIBUTE}")},true)`;

/**
 * Marks the page hydrated and clicks the element tapped too early, if any and still on the page.
 * Called from an effect of the layout's Providers, which runs after every effect of the header.
 */
export function replayEarlyTap(doc: Pick<Document, "querySelector"> = document, win: Window = window): string | null {
  win.__sfHydrated = true;
  const name = win.__sfEarlyTap ?? null;
  delete win.__sfEarlyTap;
  if (!name || !/^[a-z-]+$/.test(name)) return null;
  const target = doc.querySelector<HTMLElement>(`[${EARLY_TAP_ATTRIBUTE}="${name}"]`);
  if (!target) return null;
  if (target.hasAttribute("data-early-tap-later")) {
    // Its component takes it when it is ready.
    win.__sfEarlyTap = name;
    return null;
  }
  target.click();
  return name;
}
