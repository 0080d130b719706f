import { dedupe, parseList, type DedupeState } from "./dedupe";

/**
 * The one entry point for marketing events (spec §1): `track(event, payload)` fans out to every
 * loaded pixel; until the pixels are loaded (after load + idle, see load-pixels.ts) events wait
 * in a queue. Critical events are de-duplicated here, when tracked, so a queued one counts too.
 */

export type PixelEvent = "PageView" | "ViewContent" | "AddToCart" | "InitiateCheckout" | "AddPaymentInfo" | "Purchase";

/**
 * A product an event names: the platform's product id (what a catalogue feed carries), its name in
 * the page's language, its unit price in SAR with VAT as the shopper saw it, and its kind
 * (reservation, subscription, merchandise, gift) as the category.
 */
export type PixelItem = { id: string; name?: string; price?: number; quantity: number; category?: string };

/**
 * Value in SAR with VAT; `id` is the order (Purchase: also the event id the ad platforms
 * de-duplicate by), the cart (InitiateCheckout), the cart and method (AddPaymentInfo) or the
 * product; `items` the products the event is about; `paymentType` the chosen method (AddPaymentInfo).
 */
export type PixelPayload = {
  value?: number;
  currency?: "SAR";
  id?: string;
  items?: PixelItem[];
  paymentType?: string;
};
export type PixelSink = (event: PixelEvent, payload: PixelPayload) => void;

const SESSION_KEY = "sf:pixel-events";
const PURCHASED_KEY = "sf:purchased-orders";

let sinks: PixelSink[] | null = null;
const queue: [PixelEvent, PixelPayload][] = [];

function readState(): DedupeState {
  try {
    return {
      session: parseList(sessionStorage.getItem(SESSION_KEY)),
      purchased: parseList(localStorage.getItem(PURCHASED_KEY)),
    };
  } catch {
    return { session: [], purchased: [] };
  }
}

function writeState(s: DedupeState): void {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(s.session));
    localStorage.setItem(PURCHASED_KEY, JSON.stringify(s.purchased));
  } catch {
    // Storage refused: the event still goes once in this page's life (the page sends it once).
  }
}

function send(event: PixelEvent, payload: PixelPayload): void {
  for (const sink of sinks ?? []) {
    try {
      sink(event, payload);
    } catch (err) {
      console.warn("[pixels] a pixel failed to take an event", err);
    }
  }
}

export function track(event: PixelEvent, payload: PixelPayload = {}): void {
  if (typeof window === "undefined") return;
  const state = readState();
  const { send: go, next } = dedupe(state, event, payload.id);
  if (!go) return;
  if (next !== state) writeState(next);
  const full = { currency: "SAR" as const, ...payload };
  if (sinks) send(event, full);
  else queue.push([event, full]);
}

/** Called once by the loader with the loaded pixels (possibly none): the queue goes out, then every event directly. */
export function attachPixels(loaded: PixelSink[]): void {
  sinks = loaded;
  for (const [event, payload] of queue.splice(0)) send(event, payload);
}
