/**
 * The shopper's answer to the marketing pixels (a banner: accept or reject), kept in the store's
 * localStorage: per tenant (each store is its own origin) and the same in every language. Until
 * there is an answer the pixels are not loaded and their events wait in the queue (pixels.ts);
 * yes loads them and the queue goes out, no drops it. UTM capture is first party and unaffected.
 */
export type Consent = "granted" | "denied";

export const CONSENT_KEY = "sf:consent";
/** Dispatched on window when the shopper answers (or changes the answer). */
export const CONSENT_EVENT = "sf:consent";
export const CONSENT_BANNER_ID = "sf-consent";
/** A button that answers: its value is the answer. */
export const CONSENT_CHOICE_ATTRIBUTE = "data-consent-choice";
/** A button that shows the banner again (the footer's). */
export const CONSENT_OPEN_ATTRIBUTE = "data-consent-open";

export function readConsent(): Consent | null {
  try {
    const v = localStorage.getItem(CONSENT_KEY);
    return v === "granted" || v === "denied" ? v : null;
  } catch {
    return null;
  }
}

/**
 * Follows the shopper's answer from now on: `granted` on a yes (now or later), `denied` on a no
 * (now or later). Returns a function that stops following it.
 */
export function followConsent(granted: () => void, denied: () => void): () => void {
  const decide = () => {
    const answer = readConsent();
    if (answer === "granted") granted();
    else if (answer === "denied") denied();
  };
  decide();
  window.addEventListener(CONSENT_EVENT, decide);
  return () => window.removeEventListener(CONSENT_EVENT, decide);
}

/**
 * The layout's inline script (CSP nonce), after the banner: shows it while there is no answer,
 * stores an answer and hides it (after a moment with its buttons off), and shows it again from the
 * footer's button. Inline, so the
 * banner answers taps before hydration and no page bundles its code.
 */
export const CONSENT_SCRIPT =
  `(function(){var b=document.getElementById("${CONSENT_BANNER_ID}");if(!b)return;` +
  `var k="${CONSENT_KEY}";function get(){try{return localStorage.getItem(k)}catch(e){return null}}` +
  `if(get()!=="granted"&&get()!=="denied")b.hidden=false;` +
  `document.addEventListener("click",function(e){var t=e.target&&e.target.closest;if(!t)return;` +
  `var c=e.target.closest("[${CONSENT_CHOICE_ATTRIBUTE}]");` +
  `if(c){if(c.disabled)return;var v=c.getAttribute("${CONSENT_CHOICE_ATTRIBUTE}");try{localStorage.setItem(k,v)}catch(x){}` +
  // The banner stays a moment with its buttons off: the second tap of a double tap lands on it,
  // not on the link that was under it.
  `var bs=b.querySelectorAll("button");for(var i=0;i<bs.length;i++)bs[i].disabled=true;` +
  `setTimeout(function(){b.hidden=true;for(var j=0;j<bs.length;j++)bs[j].disabled=false},400);` +
  `window.dispatchEvent(new CustomEvent("${CONSENT_EVENT}",{detail:v}));return}` +
  `if(e.target.closest("[${CONSENT_OPEN_ATTRIBUTE}]")){b.hidden=false;var f=b.querySelector("button");if(f)f.focus()}})})()`;
