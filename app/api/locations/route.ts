import { bffRoute, platformFor, readJson } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";
import { CreateLocationInput } from "@/contract/input/locations";
import type { LocationDto } from "@/contract/dto/locations";
import { quietlySignedOut } from "./quiet-signed-out";

export const dynamic = "force-dynamic";

/** The signed-in customer's saved locations, newest first; signed out, quietly none (spec §6). */
export const GET = bffRoute(
  async (ctx): Promise<LocationDto[]> => quietlySignedOut(ctx, [], (token) => platformFor(ctx, token).locations.list()),
);

/** Saves a location (201); the 7th is the platform's 409 SP:MaximumLocationsReached. */
export const POST = bffRoute(async (ctx) => {
  const token = await requireToken(ctx);
  const created = await platformFor(ctx, token).locations.create({
    body: CreateLocationInput.parse(await readJson(ctx.req)),
  });
  return Response.json({ data: created }, { status: 201, headers: { "cache-control": "no-store" } });
});
