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
