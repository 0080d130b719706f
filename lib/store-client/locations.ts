import type { locations } from "@/contract/store/locations";
import { locationsRoutes } from "@/contract/store/routes/locations";
import { apiClient } from "./client";

/** The signed-in customer's saved locations (signed out: reads answer empty, writes 401). */
export const locationsApi = apiClient<typeof locations>(locationsRoutes);
