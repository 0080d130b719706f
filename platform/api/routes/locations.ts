import { closestLocation, createLocation, deleteLocation, listLocations, locationSuggestion } from "../../services/locations";
import { CreateLocationInput, parsePositionQuery } from "@/lib/validation/location";
import { requireCustomer } from "../auth";
import { route } from "../router";

// Customer locations (spec §7): bearer only; the caller's own locations in this store, nobody else's.

route("GET", "customer-locations", async (ctx) => listLocations(ctx.db, ctx.tenant.id, (await requireCustomer(ctx)).customerId));

route("GET", "customer-locations/closest", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return closestLocation(ctx.db, ctx.tenant.id, customerId, parsePositionQuery(ctx.query));
});

route("GET", "customer-locations/suggestion", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return locationSuggestion(ctx.db, ctx.tenant.id, customerId, parsePositionQuery(ctx.query));
});

route("POST", "customer-locations", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  const created = await createLocation(ctx.db, ctx.tenant.id, customerId, CreateLocationInput.parse(await ctx.json()));
  return Response.json({ data: created }, { status: 201, headers: { "cache-control": "no-store" } });
});

route("DELETE", "customer-locations/:id", async (ctx) => {
  await deleteLocation(ctx.db, ctx.tenant.id, (await requireCustomer(ctx)).customerId, ctx.params.id);
  return null;
});
