import { bffRoute } from "@/lib/cart/bff";
import { closestLocation } from "@/lib/platform-client/locations";
import { parsePositionQuery, type LocationDto } from "@/lib/validation/location";
import { quietlySignedOut } from "../quiet-signed-out";

export const dynamic = "force-dynamic";

/** `?latitude&longitude`: the saved location within 500 m, or null (also when signed out). */
export const GET = bffRoute(async (ctx): Promise<LocationDto | null> =>
  quietlySignedOut(ctx, null, (token) => closestLocation(ctx.tenant, ctx.locale, token, parsePositionQuery(new URL(ctx.req.url).searchParams))),
);
