import { bffRoute, readJson } from "@/lib/cart/bff";
import { createLocation, listLocations } from "@/lib/platform-client/locations";
import { requireToken } from "@/lib/session/session-view";
import { CreateLocationInput, type LocationDto } from "@/lib/validation/location";
import { quietlySignedOut } from "./quiet-signed-out";

export const dynamic = "force-dynamic";

/** The signed-in customer's saved locations, newest first; signed out, quietly none (spec §6). */
export const GET = bffRoute(async (ctx): Promise<LocationDto[]> => quietlySignedOut(ctx, [], (token) => listLocations(ctx.tenant, ctx.locale, token)));

/** Saves a location (201); the 7th is the platform's 409 SP:MaximumLocationsReached. */
export const POST = bffRoute(async (ctx) => {
  const token = await requireToken(ctx);
  const created = await createLocation(ctx.tenant, ctx.locale, token, CreateLocationInput.parse(await readJson(ctx.req)));
  return Response.json({ data: created }, { status: 201, headers: { "cache-control": "no-store" } });
});
