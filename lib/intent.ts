import { newIntentKey } from "./client-fetch";

/**
 * One tap, one intent: `run` starts `work` with a fresh Idempotency-Key, and a second tap while it
 * is still running gets the same promise instead of a second request (the button may not have
 * re-rendered as disabled yet). The server keeps the same promise across tabs and retries
 * (the platform answers a key once).
 */
export function singleFlight<T>() {
  let inFlight: Promise<T> | null = null;
  return (work: (idempotencyKey: string) => Promise<T>): Promise<T> => {
    if (inFlight) return inFlight;
    const started = work(newIntentKey()).finally(() => {
      inFlight = null;
    });
    inFlight = started;
    return started;
  };
}

/**
 * singleFlight per intent, for taps that may land on two instances of a widget (one re-mounted
 * between the taps): `run(what, work)` joins a running `work` for the same `what` (the same
 * choices), wherever it was started on the page, and starts a fresh intent once it has settled.
 */
export function keyedSingleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (what: string, work: (idempotencyKey: string) => Promise<T>): Promise<T> => {
    const joined = running.get(what);
    if (joined) return joined;
    const started = work(newIntentKey()).finally(() => running.delete(what));
    running.set(what, started);
    return started;
  };
}
