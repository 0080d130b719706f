// Every suite's storefront code calls the platform in-process, as the server does once
// instrumentation.ts has installed it. The platform (router, services, database client) is loaded
// on the first call, so that a suite that never calls it does not spend a second importing it.
import { installEmbeddedPlatform } from "@/server/embedded";

installEmbeddedPlatform({
  async call(key, input, meta) {
    const { embedded } = await import("@/platform/embed");
    return embedded.call(key, input, meta);
  },
});
