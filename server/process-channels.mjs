/**
 * The values the server process shares through globalThis, declared here and nowhere else.
 *
 * Why globalThis at all: one server process holds several separately bundled copies of the
 * project's modules (Next's proxy bundle, its app-router bundles, the instrumentation bundle) and a
 * plain script loaded before Next (scripts/request-guard.mjs). A module's own variable is then one
 * value per copy, not one per process; globalThis under a registered symbol is one per process.
 *
 * Channels cross a boundary between layers (the platform and the storefront, the app and the
 * request guard); each is written by one side and read by the other, for the reason given. A
 * process singleton stays inside one layer: one cache or pool per process, whichever bundle asks
 * first, also kept across development's module reloads.
 */

const CHANNELS = {
  // The embedded platform: installed by the server's start (instrumentation-node.ts) and the test
  // setup, called in-process by the storefront's platform client, which imports nothing of it.
  embeddedPlatform: Symbol.for("storefront.embeddedPlatform"),
  // When the database last could not be reached: noted by server/outage.ts, read by the request
  // guard, which turns a page's 500 soon after into the translated "temporarily unavailable" page.
  lastOutageAt: Symbol.for("storefront.lastOutageAt"),
  // The page cache's answer to a fresh hit: installed by the proxy's module (lib/page-cache/serve.ts),
  // called by the request guard ahead of Next's router.
  pageCacheFastPath: Symbol.for("storefront.pageCacheFastPath"),
  // Set by scripts/server-preload.mjs once the entry's process settings are in place; read by
  // instrumentation-node.ts, which refuses to serve without it (a bare `next start`).
  serverPreload: Symbol.for("storefront.serverPreload"),
};

/** A channel's value, or undefined while its writer has not set it. */
export function readChannel(name) {
  return globalThis[CHANNELS[name]];
}

/** Sets a channel (its writer only). */
export function writeChannel(name, value) {
  globalThis[CHANNELS[name]] = value;
}

/** Forgets a channel (tests). */
export function clearChannel(name) {
  delete globalThis[CHANNELS[name]];
}

/** The process's one value under `name`, made by `create` the first time any bundle asks. */
export function processSingleton(name, create) {
  const key = Symbol.for(`storefront.singleton.${name}`);
  if (!(key in globalThis)) globalThis[key] = create();
  return globalThis[key];
}
