import { processSingleton } from "@/server/process-channels.mjs";

/**
 * This process's message workers, woken when a message is written so that it leaves within about
 * a second rather than at the next poll. One set per process: the enqueue runs in a request's
 * bundle, the worker in the instrumentation's.
 */
const listeners = processSingleton("customerMessageWake", () => new Set<() => void>());

/** Called when a message is written (its transaction may still be open: the worker looks again shortly). */
export function wakeMessageWorkers(): void {
  for (const wake of listeners) wake();
}

/** Registers a worker's wake-up; answers its removal. */
export function onMessageWritten(wake: () => void): () => void {
  listeners.add(wake);
  return () => listeners.delete(wake);
}
