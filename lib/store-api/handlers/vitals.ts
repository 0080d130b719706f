import "server-only";
import { vitals } from "@/contract/store/vitals";
import { handlers } from "../context";

export const vitalsHandlers = handlers(vitals, {
  /** As a guest, from the visitor's address: the platform limits beacons per address. */
  record: async (ctx) => {
    await ctx.platform({ token: null, headers: { "x-forwarded-for": ctx.clientIp } }).vitals.record({ body: ctx.body });
    return null;
  },
});
