import { z } from "zod";
import { endpoint } from "../endpoint";
import { VitalsBeacon } from "../input/web-vitals";

/** Real shoppers' Web Vitals, kept per store as daily histograms (docs/behaviour.md, "Web Vitals"). */
export const vitals = {
  record: endpoint({
    method: "POST",
    path: "web-vitals",
    auth: "public",
    summary:
      "Counts one page view's Web Vitals into the store's daily histograms (per page type, language, device); limited per client address",
    body: VitalsBeacon,
    response: z.null(),
    codes: ["SP:TooManyRequests"],
  }),
};
