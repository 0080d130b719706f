import type { RouteSpec } from "./path";

/**
 * The platform's public reads the browser makes itself (spec §7's public endpoints: no session, no
 * cart, straight to /api/app/): their method and path, spread into their declarations
 * (contract/endpoints) and read by the browser's client (lib/store-client/public-reads.ts), which
 * so builds their addresses without loading the platform's schemas.
 */
export const publicReadRoutes = {
  websiteConfig: { method: "GET", path: "website/config" },
  customFields: { method: "GET", path: "customer/checkout-custom-fields" },
  availability: { method: "GET", path: "products/:id/availability" },
} as const satisfies Record<string, RouteSpec>;
