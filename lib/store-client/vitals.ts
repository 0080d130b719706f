import type { vitals } from "@/contract/store/vitals";
import { vitalsRoutes } from "@/contract/store/routes/vitals";
import { apiClient } from "./client";

/** The Web Vitals beacon's endpoint (lib/tracking/web-vitals.ts sends it with navigator.sendBeacon). */
export const vitalsApi = apiClient<typeof vitals>(vitalsRoutes);
