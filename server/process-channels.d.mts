import type { IncomingMessage } from "node:http";
import type { EmbeddedPlatform } from "./embedded";

/** A page-cache answer the request guard writes itself: status, headers, and the body as a string or byte chunks. */
export type FastPageAnswer = { status: number; headers: [string, string][]; body: string | Uint8Array[] | null };

/** What each channel carries (see process-channels.mjs for who writes and who reads it, and why). */
export type Channels = {
  embeddedPlatform: EmbeddedPlatform;
  lastOutageAt: number;
  serverPreload: true;
  pageCacheFastPath: (
    req: Pick<IncomingMessage, "url" | "method" | "headers">,
  ) => FastPageAnswer | Promise<FastPageAnswer | null> | null;
};

export function readChannel<K extends keyof Channels>(name: K): Channels[K] | undefined;
export function writeChannel<K extends keyof Channels>(name: K, value: Channels[K]): void;
export function clearChannel(name: keyof Channels): void;
export function processSingleton<T>(name: string, create: () => T): T;
