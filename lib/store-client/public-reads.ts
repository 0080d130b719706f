import type { PlatformApi } from "@/contract/api";
import { publicReadRoutes } from "@/contract/public-reads";
import { apiClient } from "./client";

type PublicReads = {
  websiteConfig: PlatformApi["website"]["config"];
  customFields: PlatformApi["customers"]["customFields"];
  availability: PlatformApi["catalog"]["availability"];
};

/** The platform's public reads the browser makes itself (/api/app/…): no session, no cart, no cookie sent. */
export const publicReads = apiClient<PublicReads>(publicReadRoutes, "/api/app/", "omit");
