import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { branches, carts, customerLocations, tenants, type Fulfilment } from "../db/schema";
import { PlatformError, validation } from "../errors";
import { distanceMeters, type Position } from "@/contract/input/locations";
import { parseFulfilment, type FulfilmentConfig, type Locale, type SettingsMap } from "@/contract/tenant-settings";
import type { CartDto, PickupBranchDto } from "@/contract/dto/cart";
import type { SetFulfilmentInput } from "@/contract/input/fulfilment";
import type { CartRow, ItemRow } from "./cart-pricing";
import { changeOwnCart, type OwnerScope } from "./own-cart";
import { fulfilmentText } from "./fulfilment-copy";
import { isUuid } from "./ids";

type Conn = Db | Tx;
type BranchRow = typeof branches.$inferSelect;

const locationRequired = () =>
  new PlatformError("SP:DeliveryLocationRequired", 400, "Choose where the order is delivered, with its address");
const branchRequired = () => new PlatformError("SP:PickupBranchRequired", 400, "Choose the branch to collect from");
/** What is missing when the shopper chose nothing (or a kind the store does not offer): the store's first offer. */
const choiceRequired = (config: FulfilmentConfig) => (config.delivery ? locationRequired() : branchRequired());

const offersAny = (config: FulfilmentConfig) => config.delivery !== null || config.pickup;
const hasMerchandise = (rows: Pick<ItemRow, "product">[]) => rows.some((r) => r.product.typeString === "merchandise");

async function tenantFulfilment(conn: Conn, tenantId: string): Promise<FulfilmentConfig> {
  const [row] = await conn.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  return parseFulfilment(row?.settings ?? {});
}

const listBranches = (conn: Conn, tenantId: string) =>
  conn
    .select()
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(asc(branches.sortOrder), asc(branches.id));

const located = (b: BranchRow): b is BranchRow & Position => b.latitude !== null && b.longitude !== null;

/** Kilometres from `here` to the nearest branch with coordinates; null when none has them. */
function nearestBranchKm(list: BranchRow[], here: Position): number | null {
  const distances = list.filter(located).map((b) => distanceMeters(here, b) / 1000);
  return distances.length === 0 ? null : Math.min(...distances);
}

/** A delivery position within the store's radius of its nearest branch; no radius, no limit. */
function checkInRange(config: FulfilmentConfig, list: BranchRow[], here: Position): void {
  const radiusKm = config.delivery?.radiusKm ?? null;
  if (radiusKm === null) return;
  const km = nearestBranchKm(list, here);
  if (km === null || km > radiusKm)
    throw new PlatformError("SP:DeliveryOutOfRange", 400, "The store does not deliver that far", {
      radiusKm,
      distanceKm: km === null ? null : Math.round(km * 10) / 10,
    });
}

/** The copy kept on the cart of what the shopper chose, after every check. */
async function resolveChoice(
  tx: Tx,
  scope: OwnerScope,
  config: FulfilmentConfig,
  input: SetFulfilmentInput,
): Promise<Fulfilment> {
  const list = await listBranches(tx, scope.tenantId);
  if (input.kind === "pickup") {
    if (!config.pickup) throw choiceRequired(config);
    const branch = input.branchId ? list.find((b) => b.id === input.branchId) : undefined;
    if (!branch) throw branchRequired();
    return {
      kind: "pickup",
      branchId: branch.id,
      nameAr: branch.nameAr,
      nameEn: branch.nameEn,
      addressAr: branch.addressAr,
      addressEn: branch.addressEn,
    };
  }
  if (!config.delivery) throw choiceRequired(config);
  let saved: typeof customerLocations.$inferSelect | undefined;
  if (input.locationId) {
    [saved] = await tx
      .select()
      .from(customerLocations)
      .where(
        and(
          eq(customerLocations.tenantId, scope.tenantId),
          eq(customerLocations.customerId, scope.customerId),
          eq(customerLocations.id, input.locationId),
        ),
      );
    // Deleted meanwhile (another tab): nothing to deliver to until the shopper chooses again.
    if (!saved) throw locationRequired();
  }
  // A saved location's own position counts, not one sent with its id.
  const latitude = saved?.latitude ?? input.latitude;
  const longitude = saved?.longitude ?? input.longitude;
  if (latitude == null || longitude == null) throw locationRequired();
  checkInRange(config, list, { latitude, longitude });
  return {
    kind: "delivery",
    latitude,
    longitude,
    addressLine: input.addressLine,
    driverNote: input.driverNote,
    locationId: saved?.id ?? null,
    locationType: saved?.type ?? null,
    locationDescription: saved?.description ?? null,
  };
}

/**
 * PUT cart/{id}/fulfilment: delivery to a position with its address line (and a note for the
 * driver), or pickup at a branch. The cart keeps a copy; the last choice wins (the cart row's
 * lock orders two at once). Answers the repriced cart: delivery adds the store's fee.
 */
export function setFulfilment(
  db: Db,
  scope: OwnerScope,
  cartId: string,
  input: SetFulfilmentInput,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  return changeOwnCart(db, scope, cartId, locale, now, async (tx, cart) => {
    const config = await tenantFulfilment(tx, scope.tenantId);
    if (!offersAny(config)) throw validation("This store neither delivers nor offers pickup");
    const fulfilment = await resolveChoice(tx, scope, config, input);
    await tx
      .update(carts)
      .set({ fulfilment })
      .where(and(eq(carts.tenantId, scope.tenantId), eq(carts.id, cart.id)));
  });
}

/**
 * At completion: a cart with merchandise in a store that delivers or offers pickup needs a choice
 * that still holds (the kind still offered, the position still in range, the branch still there).
 * Answers the delivery fee to fix on the order (halalas before VAT), or null without delivery.
 */
export async function checkFulfilment(
  tx: Tx,
  tenantId: string,
  cart: CartRow,
  rows: Pick<ItemRow, "product">[],
  settings: SettingsMap,
  deliveryFee: number | null,
): Promise<void> {
  const config = parseFulfilment(settings);
  if (!hasMerchandise(rows) || !offersAny(config)) return;
  const f = cart.fulfilment;
  if (!f || (f.kind === "delivery" && !config.delivery) || (f.kind === "pickup" && !config.pickup))
    throw choiceRequired(config);
  const list = await listBranches(tx, tenantId);
  if (f.kind === "pickup" && !list.some((b) => b.id === f.branchId)) throw branchRequired();
  if (f.kind === "delivery") checkInRange(config, list, f);
  await tx
    .update(carts)
    .set({ deliveryFee: f.kind === "delivery" ? deliveryFee : null })
    .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cart.id)));
}

/**
 * GET fulfilment/branches: where merchandise may be collected, nearest first when the shopper's
 * position is known (then distances in km), else in the store's order.
 */
export async function pickupBranches(
  db: Conn,
  tenantId: string,
  here: Position | null,
  locale: Locale,
): Promise<PickupBranchDto[]> {
  const list = (await listBranches(db, tenantId)).map((b) => ({
    id: b.id,
    name: locale === "en" ? b.nameEn : b.nameAr,
    address: locale === "en" ? b.addressEn : b.addressAr,
    distanceKm: here && located(b) ? Math.round(distanceMeters(here, b) / 100) / 10 : null,
  }));
  if (!here) return list;
  return list
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (x.b.distanceKm ?? Infinity) - (y.b.distanceKm ?? Infinity) || x.i - y.i)
    .map(({ b }) => b);
}

/**
 * The order's delivery or pickup as one line for its confirmation message ("Deliver to: …" /
 * "Pickup at: …"), from the copy the order kept; null for an order without one.
 */
export async function fulfilmentLine(db: Conn, orderId: string, locale: Locale): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db.select({ fulfilment: carts.fulfilment }).from(carts).where(eq(carts.id, orderId));
  return row?.fulfilment ? fulfilmentText(row.fulfilment, locale) : null;
}
