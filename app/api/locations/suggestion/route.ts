import { bffRoute } from "@/lib/cart/bff";
import { locationSuggestion } from "@/lib/platform-client/locations";
import { parsePositionQuery, type LocationSuggestionDto } from "@/lib/validation/location";
import { quietlySignedOut } from "../quiet-signed-out";

export const dynamic = "force-dynamic";

/** Spec §7's suggestion check near `?latitude&longitude`: `{suggestion}`, null when none (or signed out). */
export const GET = bffRoute(async (ctx): Promise<LocationSuggestionDto> =>
  quietlySignedOut(ctx, { suggestion: null }, (token) => locationSuggestion(ctx.tenant, ctx.locale, token, parsePositionQuery(new URL(ctx.req.url).searchParams))),
);
