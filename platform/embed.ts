import "server-only";
import { installEmbeddedPlatform, type EmbeddedPlatform } from "@/server/embedded";
import { errorEnvelope } from "@/server/error-envelope";
import { dispatch } from "./api/router";
import { platformDb } from "./db";

/** The platform as the storefront calls it in the same process: no HTTP, no JSON, the router's own checks. */
export const embedded: EmbeddedPlatform = {
  async call(key, input, meta) {
    try {
      const { db } = await platformDb();
      return { data: await dispatch(key, input, { tenant: meta.tenant, db, headers: meta.headers }) };
    } catch (err) {
      return errorEnvelope(err, "platform");
    }
  },
};

/** Makes this process's storefront call this platform in-process (the server's start and the test setup do it). */
export function installEmbedded(): void {
  installEmbeddedPlatform(embedded);
}
