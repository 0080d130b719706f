import { bffRoute, platformFor } from "@/lib/cart/bff";
import type { LocationSuggestionDto } from "@/contract/dto/locations";
import { positionQuery, quietlySignedOut } from "../quiet-signed-out";

export const dynamic = "force-dynamic";

/** Spec §7's suggestion check near `?latitude&longitude`: `{suggestion}`, null when none (or signed out). */
export const GET = bffRoute(
  async (ctx): Promise<LocationSuggestionDto> =>
    quietlySignedOut(ctx, { suggestion: null }, (token) =>
      platformFor(ctx, token).locations.suggestion({ query: positionQuery(ctx.req) }),
    ),
);
