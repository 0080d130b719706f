import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { riyadhDay, riyadhDayStart } from "../time";

// The customer side of the demo: custom fields of every type, a preset, and a signed-in-able
// customer with bookings, a membership and a package, so that the account pages have something
// to show. Called from seedDemo inside its one transaction.

const HOUR = 60 * 60 * 1000;

/** The demo customer's number (sign in on `spa` with it and read the code from the SMS outbox). */
export const DEMO_CUSTOMER_MOBILE = "+966500000001";

type ProductRef = { product: { id: string } };

export async function seedSpaAccounts(
  db: Db,
  tenantId: string,
  now: Date,
  p: { massage: ProductRef; resthouse: ProductRef; membership: ProductRef; bundle: ProductRef },
) {
  const t = tenantId;
  await db.insert(s.customFieldDefinitions).values([
    {
      tenantId: t,
      name: "national_id",
      labelAr: "رقم الهوية الوطنية",
      labelEn: "National ID number",
      type: "text",
      isRequired: true,
      sortOrder: 1,
    },
    { tenantId: t, name: "age", labelAr: "العمر", labelEn: "Age", type: "number", sortOrder: 2 },
    { tenantId: t, name: "birth_date", labelAr: "تاريخ الميلاد", labelEn: "Date of birth", type: "date", sortOrder: 3 },
    {
      tenantId: t,
      name: "preferred_therapist",
      labelAr: "المعالجة المفضلة",
      labelEn: "Preferred therapist",
      type: "select",
      options: [
        { value: "noura", labelAr: "نورة", labelEn: "Noura" },
        { value: "huda", labelAr: "هدى", labelEn: "Huda" },
        { value: "any", labelAr: "لا يهم", labelEn: "No preference" },
      ],
      sortOrder: 4,
    },
    {
      tenantId: t,
      name: "id_document",
      labelAr: "صورة الهوية",
      labelEn: "ID document",
      type: "document",
      sortOrder: 5,
    },
    {
      tenantId: t,
      name: "profile_photo",
      labelAr: "الصورة الشخصية",
      labelEn: "Profile photo",
      type: "image",
      sortOrder: 6,
    },
  ]);
  const [guests] = await db
    .insert(s.presets)
    .values({
      tenantId: t,
      nameAr: "بيانات الضيف",
      nameEn: "Guest details",
      fields: [
        { name: "guest_name", labelAr: "اسم الضيف", labelEn: "Guest name", type: "text", isRequired: true },
        { name: "relation", labelAr: "صلة القرابة", labelEn: "Relation", type: "text", isRequired: false },
        { name: "age", labelAr: "العمر", labelEn: "Age", type: "number", isRequired: false },
      ],
    })
    .returning();

  const [sara] = await db
    .insert(s.customers)
    .values({
      tenantId: t,
      name: "Sara Al-Qahtani",
      mobileNumber: DEMO_CUSTOMER_MOBILE,
      email: "sara@example.com",
      customFields: { national_id: "1023456789", preferred_therapist: "noura" },
    })
    .returning();
  await db.insert(s.presetValues).values({
    tenantId: t,
    presetId: guests.id,
    customerId: sara.id,
    values: { guest_name: "Noura Al-Qahtani", relation: "Sister", age: "27" },
    isDefault: true,
  });

  // Sara's upcoming massage is one of the two seats of the seeded full 20:00 slot three days
  // ahead, and her resthouse stay is the seeded booking of nights 10–11: her bookings add nothing
  // to what the calendars show.
  const massageAt = new Date(riyadhDayStart(now, 3).getTime() + 20 * HOUR);
  await db
    .update(s.bookings)
    .set({ seats: 1 })
    .where(
      and(
        eq(s.bookings.tenantId, t),
        eq(s.bookings.productId, p.massage.product.id),
        eq(s.bookings.startsAt, massageAt),
      ),
    );
  const restDay = riyadhDayStart(now, 10);
  await db
    .update(s.bookings)
    .set({ customerId: sara.id })
    .where(
      and(
        eq(s.bookings.tenantId, t),
        eq(s.bookings.productId, p.resthouse.product.id),
        eq(s.bookings.startsAt, restDay),
      ),
    );
  const pastAt = new Date(riyadhDayStart(now, -5).getTime() + 11 * HOUR);
  await db.insert(s.bookings).values([
    {
      tenantId: t,
      productId: p.massage.product.id,
      customerId: sara.id,
      startsAt: massageAt,
      endsAt: new Date(massageAt.getTime() + HOUR),
      seats: 1,
    },
    {
      tenantId: t,
      productId: p.massage.product.id,
      customerId: sara.id,
      startsAt: pastAt,
      endsAt: new Date(pastAt.getTime() + HOUR),
      seats: 1,
    },
  ]);

  const day = (n: number) => riyadhDay(riyadhDayStart(now, n));
  await db.insert(s.customerSubscriptions).values([
    {
      tenantId: t,
      customerId: sara.id,
      productId: p.membership.product.id,
      startsOn: day(-10),
      endsOn: day(19),
      status: "active",
    },
    {
      tenantId: t,
      customerId: sara.id,
      productId: p.bundle.product.id,
      startsOn: day(-20),
      endsOn: day(159),
      status: "active",
    },
  ]);
  await db.insert(s.customerPackages).values({
    tenantId: t,
    customerId: sara.id,
    productId: p.bundle.product.id,
    totalSessions: 10,
    remainingSessions: 7,
    expiresAt: new Date(riyadhDayStart(now, 160).getTime() - 1),
  });
}

export async function seedCoffeeAccounts(db: Db, tenantId: string) {
  await db.insert(s.customFieldDefinitions).values({
    tenantId,
    name: "company_name",
    labelAr: "اسم الشركة (للفواتير)",
    labelEn: "Company name (for invoices)",
    type: "text",
    sortOrder: 1,
  });
}
