import "server-only";
import { formatGiftCardCode } from "@/rules/gift-card-code";
import { and, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { independentReads } from "../db/reads";
import { inTransaction, onNamedStatement, oncePer } from "../db/named-statements";
import {
  branches,
  cartItems,
  carts,
  productPrices,
  products,
  specialists,
  tenants,
  type GiftDetails,
  type GiftTheme,
} from "../db/schema";
import { notFound, PlatformError, validation } from "../errors";
import { toSar } from "../money";
import { riyadhDay } from "../time";
import type { Locale } from "@/contract/tenant-settings";
import type { CartDto, CartItemDto } from "@/contract/dto/cart";
import { checkCapacity, checkLineRules, lineFromInput, lineOfItem, lineRoom, type CartLine } from "./cart-rules";
import type { AddCartItemInput, UpdateCartItemInput } from "@/contract/input/cart";
import type { LineTotals } from "./cart-totals";
import {
  LINE_ORDER,
  linePriceColumns,
  priceCart,
  pricingOf,
  pricingSettingColumns,
  type ItemRow,
} from "./cart-pricing";
import { localized, productTypeNumber } from "./catalog";
import { ruleProductColumns, type RuleProduct } from "./product-columns";
import { isUuid } from "./ids";
import { reservationKind } from "./availability";
import { servesAnyOf } from "./specialists";
import { readOrderMoney } from "./order-money";
import { fulfilmentDto } from "./fulfilment-copy";

type Conn = Db | Tx;

/**
 * Who asks: the tenant, and the signed-in customer or null for a guest. A guest cart (no
 * customer) answers to anyone holding its id; a customer's cart only to that customer, and
 * looks missing (404) to everyone else so that its existence is not revealed.
 */
export type CartScope = { tenantId: string; customerId: string | null };

/** The row condition of a cart the caller may read or change. */
export function visibleCart(scope: CartScope, cartId: string): SQL {
  return cartOf(scope.tenantId, cartId, scope.customerId);
}

/** visibleCart with values or with a prepared statement's placeholders; a null customer is a guest. */
function cartOf(
  tenantId: string | Placeholder,
  cartId: string | Placeholder,
  customerId: string | Placeholder | null,
): SQL {
  const owner =
    customerId === null ? isNull(carts.customerId) : or(isNull(carts.customerId), eq(carts.customerId, customerId))!;
  return and(eq(carts.tenantId, tenantId), eq(carts.id, cartId), owner)!;
}

const cartNotFound = () => notFound("Cart");
/** Stands in for an id that is not a UUID, so that it matches nothing instead of failing the cast. */
const NO_ID = "00000000-0000-0000-0000-000000000000";

/** A line of a cart being read: ItemRow with the product as its rules see it (for what the line may hold). */
type ReadRow = ItemRow & { product: RuleProduct };

/**
 * The cart read's one query (visibleCart's rows, with placeholders for the tenant, the cart and
 * the customer), for a guest or for a signed-in customer.
 */
function cartReadQuery(db: Conn, guest: boolean) {
  return db
    .select({
      cart: carts,
      settings: pricingSettingColumns,
      item: cartItems,
      product: ruleProductColumns,
      price: linePriceColumns,
    })
    .from(carts)
    .innerJoin(tenants, eq(tenants.id, carts.tenantId))
    .leftJoin(cartItems, and(eq(cartItems.tenantId, carts.tenantId), eq(cartItems.cartId, carts.id)))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productPrices, eq(productPrices.id, cartItems.priceId))
    .where(cartOf(sql.placeholder("tenantId"), sql.placeholder("cartId"), guest ? null : sql.placeholder("customerId")))
    .orderBy(...LINE_ORDER);
}
type CartRead = ReturnType<ReturnType<typeof cartReadQuery>["prepare"]>;
const cartReadsOf = oncePer<Conn, { guest?: CartRead; customer?: CartRead }>(() => ({}));

/**
 * The cart read prepared once per connection object (the database, or a transaction for as long
 * as it lasts, so an add still builds it once): drizzle otherwise builds the query's SQL again for
 * every read, about a sixth of the server's thread under a load of cart reads. On the database
 * (not a transaction) it runs on a named statement, so that PGlite parses and plans the join once
 * instead of on every read, as PostgreSQL already does for a named query.
 */
function cartRead(db: Conn, guest: boolean): CartRead {
  const held = cartReadsOf(db);
  const key = guest ? "guest" : "customer";
  return (held[key] ??= onNamedStatement(
    db,
    cartReadQuery(db, guest).prepare(guest ? "cart_read_guest" : "cart_read_customer"),
  ));
}

/**
 * Reads a cart with its lines and totals. One query for the cart, its tax settings, its lines and
 * what their rules need (the hot path of every add and read: each round trip into the embedded
 * database costs the server a share of its one thread), then the pricing, and the bookings of
 * timed lines.
 */
export async function readCart(
  db: Conn,
  scope: CartScope,
  cartId: string,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  if (!isUuid(cartId)) throw cartNotFound();
  const { tenantId } = scope;
  const found = await cartRead(db, scope.customerId === null).execute({
    tenantId,
    cartId,
    customerId: scope.customerId ?? NO_ID,
  });
  if (found.length === 0) throw cartNotFound();
  const { cart, settings } = found[0];
  const rows: ReadRow[] = found.flatMap(({ item, product, price }) =>
    item && product && price ? [{ item, product, price }] : [],
  );
  const pricing = await priceCart(db, { tenantId, cart, rows, ...pricingOf(settings), locale, now });
  const { totals } = pricing;
  const rooms = cart.completedAt ? rows.map(() => null) : await linesRoom(db, tenantId, rows);
  const names = await staffNames(db, tenantId, rows, locale);
  const money = await readOrderMoney(db, cart, rows, totals);
  const items = rows.map((r, i) =>
    toItemDto(r, totals.lines[i], pricing.coverage.byItem.has(r.item.id), rooms[i], locale, names(r)),
  );
  return {
    id: cart.id,
    customerId: cart.customerId,
    cartItems: items,
    items,
    couponId: cart.couponId,
    couponCode: cart.couponCode,
    subTotal: toSar(totals.subTotal),
    discountAmount: toSar(totals.discountAmount),
    taxAmount: toSar(totals.taxAmount),
    fees: totals.fees.map((f) => ({ name: f.name, amount: toSar(f.amount) })),
    totalAmount: toSar(totals.totalAmount),
    depositAmount: toSar(totals.depositAmount),
    amountToBePaid: toSar(totals.amountToBePaid),
    giftCard: pricing.giftCard
      ? {
          code: formatGiftCardCode(pricing.giftCard.code),
          amount: toSar(totals.giftCardAmount),
          balance: toSar(pricing.giftCard.balance),
        }
      : null,
    hasPackageDiscounts: pricing.coverage.byItem.size > 0,
    money,
    status: cart.status,
    currency: "SAR",
    utm: cart.utm ?? null,
    paymentMethod: cart.paymentMethod as CartDto["paymentMethod"],
    paymentStatus: cart.paymentStatus as CartDto["paymentStatus"],
    orderNumber: cart.orderNumber,
    bookingNotes: cart.bookingNotes,
    customerName: cart.customerName,
    customerMobile: cart.customerMobile,
    completedAt: cart.completedAt?.toISOString() ?? null,
    usePackages: cart.usePackages,
    packages: pricing.packages,
    fulfilment: fulfilmentDto(cart.fulfilment, locale),
  };
}

/**
 * What each line of an open cart may hold now (see lineRoom): stock and free seats change after a
 * line is added, and the cart shows the lines that no longer fit. From the products as the cart
 * read them, and one read of bookings per timed booking line.
 */
async function linesRoom(db: Conn, tenantId: string, rows: ReadRow[]): Promise<(number | null)[]> {
  const lines = rows.map((r) => lineOfItem(r.item));
  return independentReads(
    db,
    rows.map(({ product }, i) => async () => {
      if (product.typeString !== "merchandise" && product.typeString !== "reservation") return null;
      const others = lines.filter((l, j) => j !== i && l.productId === product.id);
      return lineRoom(db, tenantId, product, lines[i], others);
    }),
  );
}

function toItemDto(
  { item, product, price }: ItemRow,
  line: LineTotals,
  packageCovered: boolean,
  available: number | null,
  locale: Locale,
  staff: Pick<CartItemDto, "specialist" | "branch" | "anySpecialist">,
): CartItemDto {
  // Full-day bookings are calendar days (as they were sent); other reservations are instants.
  const fullDay = product.isFullDayBooking;
  const date = (d: Date | null) => (d ? (fullDay ? riyadhDay(d) : d.toISOString()) : null);
  return {
    id: item.id,
    type: productTypeNumber(product.typeString),
    amount: toSar(line.amount),
    taxAmount: toSar(line.taxAmount),
    amountWithTax: toSar(line.listAmount),
    quantity: item.quantity,
    effectiveQuantity: line.effectiveQuantity,
    product: {
      id: product.id,
      name: localized(locale, product.nameAr, product.nameEn),
      typeString: product.typeString,
      images: product.images,
      hasPackage: product.hasPackage,
      isFullDayBooking: product.isFullDayBooking,
      isVariableDuration: product.isVariableDuration,
    },
    price: { id: price.id, name: localized(locale, price.nameAr, price.nameEn), amount: toSar(price.amount) },
    giftDetails: item.giftDetails ? withThemeName(item.giftDetails, product.giftThemes, locale) : null,
    reservationDateFrom: date(item.reservationDateFrom),
    reservationDateTo: date(item.reservationDateTo),
    subscriptionStartDate: item.subscriptionStartDate,
    packageCovered,
    available,
    cancelledAt: item.cancelledAt?.toISOString() ?? null,
    refundedAmount: toSar(item.refundedAmount),
    ...staff,
  };
}

/**
 * The specialist and branch each line names, and whether a line without one is booked with "any
 * specialist": a query each, only when some line needs it.
 */
async function staffNames(db: Conn, tenantId: string, rows: ItemRow[], locale: Locale) {
  const specialistIds = [...new Set(rows.flatMap((r) => (r.item.specialistId ? [r.item.specialistId] : [])))];
  const branchIds = [...new Set(rows.flatMap((r) => (r.item.branchId ? [r.item.branchId] : [])))];
  const open = [
    ...new Set(
      rows
        .filter(
          (r) =>
            !r.item.specialistId &&
            r.item.reservationDateFrom &&
            !r.product.isFullDayBooking &&
            !r.product.isVariableDuration,
        )
        .map((r) => r.product.id),
    ),
  ];
  const [people, places, staffed] = await independentReads(db, [
    async () =>
      specialistIds.length
        ? db
            .select()
            .from(specialists)
            .where(and(eq(specialists.tenantId, tenantId), inArray(specialists.id, specialistIds)))
        : [],
    async () =>
      branchIds.length
        ? db
            .select()
            .from(branches)
            .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, branchIds)))
        : [],
    async () =>
      open.length
        ? db
            .select({ productIds: specialists.productIds })
            .from(specialists)
            .where(and(eq(specialists.tenantId, tenantId), servesAnyOf(open)))
        : [],
  ] as const);
  const served = new Set(staffed.flatMap((s) => s.productIds));
  const named = (list: { id: string; nameAr: string; nameEn: string }[], id: string | null) => {
    const row = id ? list.find((x) => x.id === id) : undefined;
    return row ? { id: row.id, name: localized(locale, row.nameAr, row.nameEn) } : null;
  };
  const place = (id: string | null) => {
    const row = id ? places.find((x) => x.id === id) : undefined;
    if (!row) return null;
    const { latitude, longitude } = row;
    const address = localized(locale, row.addressAr, row.addressEn) || row.addressAr;
    return { id: row.id, name: localized(locale, row.nameAr, row.nameEn), address, latitude, longitude };
  };
  return ({ item }: ItemRow) => ({
    specialist: named(people, item.specialistId),
    branch: place(item.branchId),
    anySpecialist: !item.specialistId && served.has(item.productId),
  });
}

/** The gift line as stored, plus its theme's name and colour in the reader's language. */
function withThemeName(details: GiftDetails, themes: GiftTheme[] | null, locale: Locale): CartItemDto["giftDetails"] {
  const theme = themes?.find((t) => t.id === details.theme);
  return {
    ...details,
    themeName: theme ? localized(locale, theme.nameAr, theme.nameEn) : details.theme,
    themeColor: theme?.color ?? null,
  };
}

/** A new active cart: the signed-in caller's, or a guest cart. */
export async function createCart(db: Db, scope: CartScope, locale: Locale): Promise<CartDto> {
  const [cart] = await db
    .insert(carts)
    .values({ tenantId: scope.tenantId, customerId: scope.customerId })
    .returning({ id: carts.id });
  return readCart(db, scope, cart.id, locale);
}

export const getCart = readCart;

/**
 * POST cart/{id}/purchase-event: the pixels' purchase goes once per order, even when the done page
 * is shown in several tabs or browsers. The first caller for a completed order sets the mark and
 * gets first: true; every later one (and a cart not completed) false. One UPDATE, so two at once
 * cannot both be first. A cart the caller can't see is 404, as a read.
 */
export async function claimPurchaseEvent(
  db: Conn,
  scope: CartScope,
  cartId: string,
  now = new Date(),
): Promise<{ first: boolean }> {
  if (!isUuid(cartId)) throw cartNotFound();
  const claimed = await db
    .update(carts)
    .set({ purchaseTrackedAt: now })
    .where(and(visibleCart(scope, cartId), eq(carts.status, "completed"), isNull(carts.purchaseTrackedAt)))
    .returning({ id: carts.id });
  if (claimed.length > 0) return { first: true };
  const [seen] = await db.select({ id: carts.id }).from(carts).where(visibleCart(scope, cartId)).limit(1);
  if (!seen) throw cartNotFound();
  return { first: false };
}

const ph = sql.placeholder;

/**
 * What every add runs in its transaction, with placeholders: the cart's lock (a guest's cart or a
 * customer's), the product with the cart's lines of it, and a merged line's new quantity.
 */
function changeStatements(db: Db) {
  const lock = (guest: boolean) =>
    db
      .update(carts)
      .set({ updatedAt: sql`${ph("now")}` })
      .where(cartOf(ph("tenantId"), ph("cartId"), guest ? null : ph("customerId")))
      .returning({ status: carts.status })
      .prepare(guest ? "cart_lock_guest" : "cart_lock_customer");
  return {
    lockGuest: lock(true),
    lockCustomer: lock(false),
    productAndLines: db
      .select({ product: ruleProductColumns, priceId: productPrices.id, line: cartItems })
      .from(products)
      .leftJoin(
        productPrices,
        and(
          eq(productPrices.productId, products.id),
          eq(productPrices.tenantId, ph("tenantId")),
          eq(productPrices.id, ph("priceId")),
        ),
      )
      .leftJoin(
        cartItems,
        and(
          eq(cartItems.tenantId, ph("tenantId")),
          eq(cartItems.cartId, ph("cartId")),
          eq(cartItems.productId, products.id),
        ),
      )
      .where(and(eq(products.tenantId, ph("tenantId")), eq(products.id, ph("productId")), eq(products.isActive, true)))
      .prepare("cart_product_and_lines"),
    lineQuantity: db
      .update(cartItems)
      .set({ quantity: sql`${ph("quantity")}` })
      .where(and(eq(cartItems.tenantId, ph("tenantId")), eq(cartItems.id, ph("itemId"))))
      .prepare("cart_line_quantity"),
  };
}
type ChangeStatements = ReturnType<typeof changeStatements>;

/**
 * changeStatements built once per database object: drizzle would otherwise build each statement's
 * SQL again in every transaction, and each runs on a named statement (see inTransaction).
 */
const statementsOf = oncePer(changeStatements);

/**
 * Runs a change on an active cart inside one transaction, holding the cart's row lock so that
 * concurrent changes to one cart are checked one after the other; any refusal rolls back. The
 * answer is read once the change is committed, with the connection's prepared read: inside the
 * transaction drizzle would build the read's SQL again for every change, and the lock (on the
 * embedded database, the whole database) would be held for one more round trip.
 */
async function changeCart(
  db: Db,
  scope: CartScope,
  cartId: string,
  locale: Locale,
  change: (tx: Tx, tenantId: string, statements: ChangeStatements) => Promise<void>,
): Promise<CartDto> {
  if (!isUuid(cartId)) throw cartNotFound();
  const statements = statementsOf(db);
  await db.transaction(async (tx) => {
    const { tenantId, customerId } = scope;
    const lock = customerId === null ? statements.lockGuest : statements.lockCustomer;
    const [cart] = await inTransaction(tx, lock).execute({
      now: new Date().toISOString(),
      tenantId,
      cartId,
      customerId: customerId ?? NO_ID,
    });
    if (!cart) throw cartNotFound();
    if (cart.status !== "active")
      throw new PlatformError("SP:CartAlreadyCompleted", 400, "This cart is already completed");
    await change(tx, tenantId, statements);
  });
  return readCart(db, scope, cartId, locale);
}

/**
 * The tenant's active product (as its rules see it), whether `priceId` is one of its prices, and
 * the cart's lines of that product, in one query (the lines against which a change is checked).
 */
async function productAndLines(
  tx: Tx,
  statements: ChangeStatements,
  tenantId: string,
  cartId: string,
  productId: string,
  priceId: string,
): Promise<{ product: RuleProduct; lines: CartLine[] }> {
  const rows = isUuid(productId)
    ? await inTransaction(tx, statements.productAndLines).execute({
        tenantId,
        cartId,
        productId,
        priceId: isUuid(priceId) ? priceId : NO_ID,
      })
    : [];
  if (rows.length === 0) throw notFound("Product");
  if (!rows[0].priceId)
    throw validation("The price does not belong to the product", { priceId: "Not a price of this product" });
  return { product: rows[0].product, lines: rows.flatMap((r) => (r.line ? [lineOfItem(r.line)] : [])) };
}

/** Merchandise merges by price; a fixed slot merges with the same price and start (more seats). */
function mergeTarget(product: RuleProduct, line: CartLine, lines: CartLine[]): CartLine | undefined {
  const kind = reservationKind(product);
  if (product.typeString !== "merchandise" && kind !== "slots") return undefined;
  return lines.find(
    (l) =>
      l.priceId === line.priceId &&
      (l.from?.getTime() ?? null) === (line.from?.getTime() ?? null) &&
      l.specialistId === line.specialistId &&
      l.branchId === line.branchId,
  );
}

const columns = (line: CartLine) => ({
  priceId: line.priceId,
  quantity: line.quantity,
  units: line.units,
  reservationDateFrom: line.from,
  reservationDateTo: line.to,
  subscriptionStartDate: line.subscriptionStartDate,
  giftDetails: line.giftDetails,
  specialistId: line.specialistId,
  branchId: line.branchId,
});

export async function addCartItem(
  db: Db,
  scope: CartScope,
  cartId: string,
  input: AddCartItemInput,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  return changeCart(db, scope, cartId, locale, async (tx, tenantId, statements) => {
    // Checked against every line of the product already in the cart, so a merge below adds exactly what was checked.
    const { product, lines: existing } = await productAndLines(
      tx,
      statements,
      tenantId,
      cartId,
      input.productId,
      input.priceId,
    );
    const line = lineFromInput(product, input.priceId, input);
    checkLineRules(product, line, now);
    await checkCapacity(tx, tenantId, product, line, existing);
    const target = mergeTarget(product, line, existing);
    if (target) {
      await inTransaction(tx, statements.lineQuantity).execute({
        quantity: target.quantity + line.quantity,
        tenantId,
        itemId: target.id!,
      });
      return;
    }
    // Lines are listed in the order they were added; PGlite's clock has millisecond resolution, so
    // a line is stamped after the cart's latest one (the cart's row lock makes this race-free).
    const createdAt = sql`greatest(now(), (select max(${cartItems.createdAt}) + interval '1 microsecond' from ${cartItems} where ${cartItems.cartId} = ${cartId}))`;
    await tx.insert(cartItems).values({ tenantId, cartId, productId: product.id, createdAt, ...columns(line) });
  });
}

/** Changes quantity (and price); the line is checked again as if it were added now. */
export async function updateCartItem(
  db: Db,
  scope: CartScope,
  cartId: string,
  itemId: string,
  input: UpdateCartItemInput,
  locale: Locale,
  now = new Date(),
): Promise<CartDto> {
  return changeCart(db, scope, cartId, locale, async (tx, tenantId, statements) => {
    const [row] = isUuid(itemId)
      ? await tx
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
          .limit(1)
      : [];
    if (!row) throw notFound("Cart item");
    const line: CartLine = { ...lineOfItem(row), priceId: input.priceId ?? row.priceId, quantity: input.quantity };
    const { product, lines } = await productAndLines(tx, statements, tenantId, cartId, row.productId, line.priceId);
    checkLineRules(product, line, now);
    const others = lines.filter((l) => l.id !== row.id);
    await checkCapacity(tx, tenantId, product, line, others);
    await tx
      .update(cartItems)
      .set(columns(line))
      .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.id, row.id)));
  });
}

export async function removeCartItem(
  db: Db,
  scope: CartScope,
  cartId: string,
  itemId: string,
  locale: Locale,
): Promise<CartDto> {
  return changeCart(db, scope, cartId, locale, async (tx, tenantId) => {
    const removed = isUuid(itemId)
      ? await tx
          .delete(cartItems)
          .where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
          .returning({ id: cartItems.id })
      : [];
    if (removed.length === 0) throw notFound("Cart item");
  });
}

/** Empties the cart and drops its coupon; the cart itself stays. */
export async function resetCart(db: Db, scope: CartScope, cartId: string, locale: Locale): Promise<CartDto> {
  return changeCart(db, scope, cartId, locale, async (tx, tenantId) => {
    await tx.delete(cartItems).where(and(eq(cartItems.tenantId, tenantId), eq(cartItems.cartId, cartId)));
    await tx
      .update(carts)
      .set({ couponId: null, couponCode: null })
      .where(and(eq(carts.tenantId, tenantId), eq(carts.id, cartId)));
  });
}
