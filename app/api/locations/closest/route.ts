import { bffRoute, platformFor } from "@/lib/cart/bff";
import { orNull } from "@/lib/platform-client/core";
import type { LocationDto } from "@/contract/dto/locations";
import { positionQuery, quietlySignedOut } from "../quiet-signed-out";

export const dynamic = "force-dynamic";

/** `?latitude&longitude`: the saved location within 500 m, or null (also when signed out). */
export const GET = bffRoute(
  async (ctx): Promise<LocationDto | null> =>
    quietlySignedOut(ctx, null, (token) =>
      orNull(platformFor(ctx, token).locations.closest({ query: positionQuery(ctx.req) })),
    ),
);
