import { z } from "zod";
import { platformApi } from "../api";
import { VitalsBeacon } from "../input/web-vitals";
import { VITALS_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { vitalsRoutes } from "./routes/vitals";

/**
 * The page's Web Vitals beacon (navigator.sendBeacon: a text/plain body holding JSON, which the
 * body reader takes as JSON whatever its type). No session, no cookie read: nothing of the
 * shopper is kept, only the page type, language, device class and the metrics.
 */
export const vitals = storeGroup(vitalsRoutes, {
  record: {
    summary: "Counts one page view's Web Vitals for the store (answers null; limited per client address)",
    session: "none",
    body: VitalsBeacon,
    limit: VITALS_BODY_LIMIT,
    response: z.null(),
    codes: codesOf(platformApi.vitals.record),
  },
});
