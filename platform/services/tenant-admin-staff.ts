import "server-only";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { bookings, branches, productPrices, products, specialists } from "../db/schema";
import { notFound, PlatformError, validation } from "../errors";
import { parseHm } from "../time";
import { isPlatformDay } from "@/rules/riyadh-time";
import { isUuid } from "./ids";
import { reservationKind } from "./availability";
import { tenantBySlug } from "./tenant-admin";

/**
 * The operator's side of specialists and branches (npm run tenant -- branch | specialist): each
 * written from a JSON file, added or (with an id) replaced, and removed only when nothing still
 * depends on it — a branch a specialist works in (SP:ScheduleLinkedWithProviderException: the
 * branch's schedule is theirs), a specialist who still serves products or has bookings to come
 * (SP:ProviderLinkedWithProductException).
 */

const hm = z.string().refine((v) => parseHm(v) !== null, "Expected HH:MM (00:00–24:00)");
const span = z.tuple([hm, hm]).refine(([a, b]) => parseHm(a)! < parseHm(b)!, "The end must come after the start");
const week = z.partialRecord(z.enum(["0", "1", "2", "3", "4", "5", "6"]), span.nullable());
const text = (max: number) => z.string().trim().max(max);
const id = z.string().refine(isUuid, "Expected an id");

export const BranchFile = z.strictObject({
  nameAr: text(120).min(1),
  nameEn: text(120).min(1),
  addressAr: text(300).default(""),
  addressEn: text(300).default(""),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  phone: text(40).nullable().default(null),
  openingHours: week.nullable().default(null),
  sortOrder: z.int().default(0),
});

export const SpecialistFile = z.strictObject({
  nameAr: text(120).min(1),
  nameEn: text(120).min(1),
  bioAr: text(600).default(""),
  bioEn: text(600).default(""),
  photo: text(500).nullable().default(null),
  branchIds: z.array(id).max(50).default([]),
  productIds: z.array(id).max(200).default([]),
  priceIds: z.array(id).max(200).nullable().default(null),
  workingHours: week,
  breaks: z.array(span).max(10).default([]),
  daysOff: z.array(z.string().refine(isPlatformDay, "Expected a YYYY-MM-DD day")).max(400).default([]),
  sortOrder: z.int().default(0),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw validation(r.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; "));
}

export async function saveBranch(
  db: Db,
  slug: string,
  input: unknown,
  branchId?: string,
): Promise<{ id: string; created: boolean }> {
  const values = parse(BranchFile, input);
  const tenant = await tenantBySlug(db, slug);
  if (branchId) {
    const [row] = isUuid(branchId)
      ? await db
          .update(branches)
          .set(values)
          .where(and(eq(branches.tenantId, tenant.id), eq(branches.id, branchId)))
          .returning({ id: branches.id })
      : [];
    if (!row) throw notFound("Branch");
    return { id: row.id, created: false };
  }
  const [row] = await db
    .insert(branches)
    .values({ ...values, tenantId: tenant.id })
    .returning({ id: branches.id });
  return { id: row.id, created: true };
}

/** Products, prices and branches named must be the tenant's; products must be fixed-slot reservations. */
async function checkLinks(db: Db, tenantId: string, v: z.output<typeof SpecialistFile>) {
  const own = v.productIds.length
    ? await db
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), inArray(products.id, v.productIds)))
    : [];
  for (const pid of v.productIds) {
    const p = own.find((x) => x.id === pid);
    if (!p) throw validation(`productIds: ${pid} is not a product of this tenant`);
    if (reservationKind(p) !== "slots")
      throw validation(`productIds: ${p.nameEn} is not a fixed-slot reservation (specialists serve those only)`);
  }
  if (v.priceIds?.length) {
    const prices = await db
      .select({ id: productPrices.id })
      .from(productPrices)
      .where(
        and(
          eq(productPrices.tenantId, tenantId),
          inArray(productPrices.productId, v.productIds.length ? v.productIds : [tenantId]),
        ),
      );
    for (const pr of v.priceIds)
      if (!prices.some((x) => x.id === pr))
        throw validation(`priceIds: ${pr} is not a price of the specialist's products`);
  }
  if (v.branchIds.length) {
    const places = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, v.branchIds)));
    for (const b of v.branchIds)
      if (!places.some((x) => x.id === b)) throw validation(`branchIds: ${b} is not a branch of this tenant`);
  }
}

export async function saveSpecialist(
  db: Db,
  slug: string,
  input: unknown,
  specialistId?: string,
): Promise<{ id: string; created: boolean }> {
  const values = parse(SpecialistFile, input);
  const tenant = await tenantBySlug(db, slug);
  await checkLinks(db, tenant.id, values);
  if (specialistId) {
    const [row] = isUuid(specialistId)
      ? await db
          .update(specialists)
          .set(values)
          .where(and(eq(specialists.tenantId, tenant.id), eq(specialists.id, specialistId)))
          .returning({ id: specialists.id })
      : [];
    if (!row) throw notFound("Specialist");
    return { id: row.id, created: false };
  }
  const [row] = await db
    .insert(specialists)
    .values({ ...values, tenantId: tenant.id })
    .returning({ id: specialists.id });
  return { id: row.id, created: true };
}

/** Removes a branch no specialist works in; else SP:ScheduleLinkedWithProviderException naming them. */
export async function removeBranch(db: Db, slug: string, branchId: string): Promise<void> {
  const tenant = await tenantBySlug(db, slug);
  await db.transaction(async (tx) => {
    const [branch] = isUuid(branchId)
      ? await tx
          .select()
          .from(branches)
          .where(and(eq(branches.tenantId, tenant.id), eq(branches.id, branchId)))
          .for("update")
      : [];
    if (!branch) throw notFound("Branch");
    const linked = await tx
      .select({ name: specialists.nameEn })
      .from(specialists)
      .where(
        and(
          eq(specialists.tenantId, tenant.id),
          sql`${specialists.branchIds} @> ${JSON.stringify([branch.id])}::jsonb`,
        ),
      );
    if (linked.length > 0) {
      const names = linked.map((s) => s.name);
      throw new PlatformError(
        "SP:ScheduleLinkedWithProviderException",
        409,
        `Specialists still work in this branch: ${names.join(", ")} (take it out of their branchIds first)`,
        { specialists: names },
      );
    }
    const [used] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.branchId, branch.id)).limit(1);
    if (used)
      throw new PlatformError(
        "SP:ScheduleLinkedWithProviderException",
        409,
        "Bookings were made in this branch; it is kept for their records",
        {},
      );
    await tx.delete(branches).where(eq(branches.id, branch.id));
  });
}

/**
 * Removes a specialist who serves no product and has no booking to come; else
 * SP:ProviderLinkedWithProductException. Their past bookings keep them named: they are kept then.
 */
export async function removeSpecialist(
  db: Db,
  slug: string,
  specialistId: string,
  now = new Date(),
): Promise<{ kept: boolean }> {
  const tenant = await tenantBySlug(db, slug);
  return db.transaction(async (tx) => {
    const [person] = isUuid(specialistId)
      ? await tx
          .select()
          .from(specialists)
          .where(and(eq(specialists.tenantId, tenant.id), eq(specialists.id, specialistId)))
          .for("update")
      : [];
    if (!person) throw notFound("Specialist");
    if (person.productIds.length > 0) {
      throw new PlatformError(
        "SP:ProviderLinkedWithProductException",
        409,
        `${person.nameEn} still serves ${person.productIds.length} product(s) (empty their productIds first)`,
        { products: person.productIds },
      );
    }
    const [coming] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.specialistId, person.id), gte(bookings.endsAt, now)))
      .limit(1);
    if (coming)
      throw new PlatformError(
        "SP:ProviderLinkedWithProductException",
        409,
        `${person.nameEn} has bookings to come; move or cancel them first`,
        {},
      );
    const [past] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.specialistId, person.id))
      .limit(1);
    if (past) return { kept: true };
    await tx.delete(specialists).where(eq(specialists.id, person.id));
    return { kept: false };
  });
}

export type StaffListing = {
  branches: { id: string; nameEn: string; nameAr: string; specialists: number }[];
  specialists: {
    id: string;
    nameEn: string;
    nameAr: string;
    branches: string[];
    products: string[];
    pricesOnly: boolean;
    daysOff: number;
  }[];
};

export async function listStaff(db: Db, slug: string): Promise<StaffListing> {
  const tenant = await tenantBySlug(db, slug);
  const [places, people, productRows] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(eq(branches.tenantId, tenant.id))
      .orderBy(asc(branches.sortOrder), asc(branches.id)),
    db
      .select()
      .from(specialists)
      .where(eq(specialists.tenantId, tenant.id))
      .orderBy(asc(specialists.sortOrder), asc(specialists.id)),
    db.select({ id: products.id, nameEn: products.nameEn }).from(products).where(eq(products.tenantId, tenant.id)),
  ]);
  return {
    branches: places.map((b) => ({
      id: b.id,
      nameEn: b.nameEn,
      nameAr: b.nameAr,
      specialists: people.filter((s) => s.branchIds.includes(b.id)).length,
    })),
    specialists: people.map((s) => ({
      id: s.id,
      nameEn: s.nameEn,
      nameAr: s.nameAr,
      branches: s.branchIds.map((id) => places.find((b) => b.id === id)?.nameEn ?? id),
      products: s.productIds.map((id) => productRows.find((p) => p.id === id)?.nameEn ?? id),
      pricesOnly: s.priceIds !== null,
      daysOff: s.daysOff.length,
    })),
  };
}
