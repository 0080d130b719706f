import "server-only";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { customerLocations } from "../db/schema";
import { notFound, PlatformError } from "../errors";
import {
  MAX_LOCATIONS,
  nearestWithin,
  type CreateLocationValues,
  type LocationDto,
  type LocationSuggestionDto,
  type Position,
} from "@/contract/input/locations";
import { lockCustomer } from "./customers";
import { isUuid } from "./ids";

type Conn = Db | Tx;
type LocationRow = typeof customerLocations.$inferSelect;

// A location belongs to one customer of one tenant: every query is scoped by both, so another
// customer's (or store's) location id answers exactly like a missing one.

const locationDto = (l: LocationRow): LocationDto => ({
  id: l.id,
  type: l.type,
  latitude: l.latitude,
  longitude: l.longitude,
  description: l.description,
});

const ownedBy = (tenantId: string, customerId: string) =>
  and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.customerId, customerId));

/** GET customer-locations — newest first. */
export async function listLocations(db: Conn, tenantId: string, customerId: string): Promise<LocationDto[]> {
  const rows = await db
    .select()
    .from(customerLocations)
    .where(ownedBy(tenantId, customerId))
    .orderBy(desc(customerLocations.createdAt), desc(customerLocations.id));
  return rows.map(locationDto);
}

/** The caller's saved location nearest to `here` within 500 m (a customer has at most 6: compared in memory). */
async function nearest(db: Conn, tenantId: string, customerId: string, here: Position): Promise<LocationDto | null> {
  return nearestWithin(await listLocations(db, tenantId, customerId), here);
}

/** GET customer-locations/closest — 404 when nothing saved is near (the storefront reads that as null). */
export async function closestLocation(
  db: Conn,
  tenantId: string,
  customerId: string,
  here: Position,
): Promise<LocationDto> {
  const found = await nearest(db, tenantId, customerId, here);
  if (!found) throw notFound("Location");
  return found;
}

/** GET customer-locations/suggestion — spec §7's suggestion check: what to offer after deleting the selected location. */
export async function locationSuggestion(
  db: Conn,
  tenantId: string,
  customerId: string,
  here: Position,
): Promise<LocationSuggestionDto> {
  return { suggestion: await nearest(db, tenantId, customerId, here) };
}

/**
 * POST customer-locations. The customer's row is locked first, so concurrent creates for one
 * customer count one after another and the limit holds under a race; a place already saved with
 * the same type and description is answered, not added again.
 */
export function createLocation(
  db: Db,
  tenantId: string,
  customerId: string,
  input: CreateLocationValues,
): Promise<LocationDto> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, tenantId, customerId);
    // One intent, one effect: the same place saved again (a second tap or tab) answers the saved one.
    const [same] = await tx
      .select()
      .from(customerLocations)
      .where(
        and(
          ownedBy(tenantId, customerId),
          eq(customerLocations.type, input.type),
          eq(customerLocations.latitude, input.latitude),
          eq(customerLocations.longitude, input.longitude),
          input.description === null
            ? isNull(customerLocations.description)
            : eq(customerLocations.description, input.description),
        ),
      )
      .limit(1);
    if (same) return locationDto(same);
    const [{ saved }] = await tx
      .select({ saved: count() })
      .from(customerLocations)
      .where(ownedBy(tenantId, customerId));
    if (saved >= MAX_LOCATIONS) {
      throw new PlatformError(
        "SP:MaximumLocationsReached",
        409,
        `A customer can save at most ${MAX_LOCATIONS} locations`,
        { max: MAX_LOCATIONS },
      );
    }
    const [row] = await tx
      .insert(customerLocations)
      .values({ tenantId, customerId, ...input })
      .returning();
    return locationDto(row);
  });
}

/** DELETE customer-locations/{id}. */
export async function deleteLocation(
  db: Conn,
  tenantId: string,
  customerId: string,
  locationId: string,
): Promise<void> {
  if (!isUuid(locationId)) throw notFound("Location");
  const deleted = await db
    .delete(customerLocations)
    .where(and(ownedBy(tenantId, customerId), eq(customerLocations.id, locationId)))
    .returning({ id: customerLocations.id });
  if (deleted.length === 0) throw notFound("Location");
}
