import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import type { OpeningHours } from "../db/schema";
import { riyadhDayStart } from "../time";
import { seedCoffeeAccounts, seedSpaAccounts } from "./demo-accounts";
import { seedCheckoutDemo } from "./demo-checkout";
import { seedPaymentsDemo } from "./demo-payments";
import { seedWhatsAppDemo } from "./demo-whatsapp";
import { seedConversionsDemo } from "./demo-conversions";
import { seedSpaStaff } from "./demo-staff";
import { seedPixelsDemo, SPA_PIXELS } from "./demo-pixels";
import { seedDeliveryDemo } from "./demo-delivery";
import { DEMO_IMAGES } from "./demo-images";

const everyDay = (open: string, close: string): OpeningHours =>
  Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((d) => [d, [open, close] as [string, string]]));

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Days ahead on which the seed books the 20:00 massage slot full, the pool 18:00–20:00 and resthouse nights. */
export const SEEDED_BOOKING_DAYS = 60;

export const spaSettings: Record<string, string> = {
  brandName: "Rimal Wellness",
  logoUrl: "/demo/rimal-logo.svg",
  cartType: "default",
  frontendLanguages: "ar,en",
  madaEnabled: "True",
  visaEnabled: "True",
  applePayEnabled: "True",
  cashEnabled: "True",
  bankTransferEnabled: "True",
  tabbyEnabled: "True",
  tamaraEnabled: "True",
  tabbyPublicKey: "pk_test_tabby_rimal",
  tabbyMerchantCode: "rimal_sa",
  tamaraPublicKey: "pk_test_tamara_rimal",
  tamaraMerchantCode: "rimal",
  payLaterEnabled: "True",
  onlinePaymentProvider: "moyasar",
  moyasarPublicTokenKey: "pk_test_rimal_sandbox",
  taxEnabled: "True",
  taxPercentage: "15",
  termsEnabled: "True",
  tosCheckboxEnabled: "True",
  cartNotesEnabled: "True",
  hasPackages: "True",
  // A package bought with cash gives its sessions once the store records the payment.
  unpaidPackagesUsable: "False",
  orderSuccessMessage: "شكراً لاختيارك ريمال. نراك قريباً!",
  orderSuccessMessageEn: "Thank you for choosing Rimal. See you soon!",
  announcementText: "خصم ١٠٪ على جميع جلسات المساج هذا الأسبوع — استخدم الكود RELAX10",
  announcementTextEn: "10% off every massage this week — use code RELAX10",
  announcementLink: "/products",
  legalName: "شركة رمال للعافية",
  vatNumber: "310123456700003",
  crNumber: "1010654321",
  addressAr: "طريق الملك فهد، حي العليا، الرياض ١٢٢١١",
  addressEn: "King Fahd Road, Al Olaya, Riyadh 12211",
  contactPhone: "+966 11 234 5678",
  contactWhatsapp: "+966 55 123 4567",
  contactEmail: "care@rimal.example",
  // Customers move a booking themselves up to 12 hours before it starts.
  rescheduleWindowHours: "12",
  cancelWindowHours: "24",
  // Merchandise terms, for search engines' merchant listings.
  returnDays: "14",
  deliveryDays: "1-3",
  ...SPA_PIXELS,
};

export const coffeeSettings: Record<string, string> = {
  brandName: "Bunn Roastery",
  logoUrl: "/demo/bunn-logo.svg",
  cartType: "quick",
  frontendLanguages: "ar",
  returnDays: "7",
  deliveryDays: "2-4",
  separateFirstAndLastName: "True",
  disableMultiCart: "True",
  cartMinimumAmount: "50",
  cashEnabled: "True",
  bankTransferEnabled: "True",
  taxEnabled: "True",
  taxPercentage: "15",
  compactProductCards: "True",
  legalName: "مؤسسة بُن للتحميص",
  vatNumber: "302345678900003",
  crNumber: "4030123456",
  addressAr: "شارع التحلية، حي الروضة، جدة ٢٣٤٣٥",
  addressEn: "Tahlia Street, Al Rawdah, Jeddah 23435",
  contactWhatsapp: "+966 56 765 4321",
  contactEmail: "hello@bunn.example",
};

async function seedSpa(db: Db, now: Date) {
  const [tenant] = await db
    .insert(s.tenants)
    .values({ slug: "spa", name: "Rimal Wellness", settings: spaSettings })
    .returning();
  const t = tenant.id;
  const product = async (
    values: Omit<typeof s.products.$inferInsert, "tenantId">,
    prices: { ar: string; en: string; amount: number }[],
  ) => {
    const [p] = await db
      .insert(s.products)
      .values({ ...values, tenantId: t })
      .returning();
    const rows = await db
      .insert(s.productPrices)
      .values(
        prices.map((pr, i) => ({
          tenantId: t,
          productId: p.id,
          nameAr: pr.ar,
          nameEn: pr.en,
          amount: pr.amount,
          sortOrder: i,
        })),
      )
      .returning();
    return { product: p, prices: rows };
  };

  const massage = await product(
    {
      typeString: "reservation",
      nameAr: "مساج استرخاء ٦٠ دقيقة",
      nameEn: "60-minute relaxing massage",
      descriptionAr: "جلسة مساج بالزيوت العطرية مع معالج محترف.",
      descriptionEn: "An aromatic oil massage with a professional therapist.",
      images: [DEMO_IMAGES.massage],
      sortOrder: 1,
      slotMinutes: 60,
      // Two seats per therapist (a couple's massage), two rooms in all.
      capacity: 2,
      roomCapacity: 2,
      openingHours: everyDay("10:00", "22:00"),
    },
    [
      { ar: "مساج سويدي", en: "Swedish massage", amount: 25000 },
      { ar: "مساج بالأحجار الساخنة", en: "Hot stone massage", amount: 32000 },
    ],
  );
  const pool = await product(
    {
      typeString: "reservation",
      nameAr: "مسبح خاص بالساعة",
      nameEn: "Private pool by the hour",
      descriptionAr: "مسبح خاص مُدفأ لك ولعائلتك، احجز عدد الساعات التي تريدها.",
      descriptionEn: "A heated private pool for you and your family; book as many hours as you like.",
      images: [DEMO_IMAGES.pool],
      sortOrder: 2,
      isVariableDuration: true,
      slotMinutes: 60,
      capacity: 1,
      minUnits: 1,
      maxUnits: 6,
      openingHours: everyDay("08:00", "23:00"),
    },
    [{ ar: "الساعة", en: "Per hour", amount: 15000 }],
  );
  const resthouse = await product(
    {
      typeString: "reservation",
      nameAr: "استراحة الرمال — بالليلة",
      nameEn: "Rimal resthouse — by the night",
      descriptionAr: "استراحة كاملة مع مسبح وجلسات خارجية. الدفعة المقدمة ٣٠٪.",
      descriptionEn: "A whole resthouse with a pool and outdoor seating. 30% deposit.",
      images: [],
      sortOrder: 3,
      isFullDayBooking: true,
      capacity: 1,
      minDays: 1,
      maxDays: 7,
      depositPercent: 30,
      minDaysBetweenBookings: 14,
      bookingWindowDays: 120,
    },
    [{ ar: "الليلة", en: "Per night", amount: 90000 }],
  );
  const membership = await product(
    {
      typeString: "subscription",
      nameAr: "عضوية شهرية",
      nameEn: "Monthly membership",
      descriptionAr: "دخول غير محدود للمسبح والساونا لمدة ٣٠ يوماً.",
      descriptionEn: "Unlimited pool and sauna access for 30 days.",
      images: [DEMO_IMAGES.membership],
      sortOrder: 4,
      subscriptionDays: 30,
      perCustomerLimit: 1,
    },
    [{ ar: "شهر واحد", en: "One month", amount: 40000 }],
  );
  const bundle = await product(
    {
      typeString: "subscription",
      nameAr: "باقة ١٠ جلسات مساج",
      nameEn: "10-session massage bundle",
      descriptionAr: "عشر جلسات مساج مدفوعة مسبقاً، صالحة لمدة ١٨٠ يوماً.",
      descriptionEn: "Ten prepaid massage sessions, valid for 180 days.",
      images: [],
      sortOrder: 5,
      subscriptionDays: 180,
      hasPackage: true,
      packageSessions: 10,
      packageProductIds: [massage.product.id],
    },
    [{ ar: "١٠ جلسات", en: "10 sessions", amount: 200000 }],
  );
  await product(
    {
      typeString: "gift",
      nameAr: "بطاقة هدية",
      nameEn: "Gift card",
      descriptionAr: "أهدِ من تحب تجربة استرخاء في ريمال.",
      descriptionEn: "Give someone you love a relaxing day at Rimal.",
      images: [],
      sortOrder: 6,
      giftThemes: [
        { id: "birthday", nameAr: "عيد ميلاد", nameEn: "Birthday", color: "#f59e0b" },
        { id: "thanks", nameAr: "شكر", nameEn: "Thank you", color: "#10b981" },
        { id: "eid", nameAr: "عيد مبارك", nameEn: "Eid Mubarak", color: "#6366f1" },
      ],
    },
    [
      { ar: "٢٠٠ ريال", en: "SAR 200", amount: 20000 },
      { ar: "٥٠٠ ريال", en: "SAR 500", amount: 50000 },
    ],
  );
  await product(
    {
      typeString: "merchandise",
      nameAr: "زيت مساج باللافندر",
      nameEn: "Lavender massage oil",
      descriptionAr: "زيت طبيعي ١٠٠ مل.",
      descriptionEn: "Natural oil, 100 ml.",
      images: [DEMO_IMAGES.oil],
      sortOrder: 7,
      stock: 3,
    },
    [{ ar: "عبوة ١٠٠ مل", en: "100 ml bottle", amount: 6000 }],
  );
  // A second item in plenty, so that orders of the demo (and of the browser tests) leave the oil's
  // three bottles for showing the stock limit.
  await product(
    {
      typeString: "merchandise",
      nameAr: "أملاح استحمام بالورد",
      nameEn: "Rose bath salts",
      descriptionAr: "أملاح طبيعية بعطر الورد الطائفي، ٣٠٠ غ.",
      descriptionEn: "Natural salts scented with Taif rose, 300 g.",
      images: [],
      sortOrder: 8,
      stock: 500,
    },
    [{ ar: "عبوة ٣٠٠ غ", en: "300 g jar", amount: 4500 }],
  );

  // Fully booked 20:00 massage slot, the pool taken 18:00–20:00, and the resthouse taken
  // on the 10th and 11th nights ahead — on every seeded day, so the demo always shows them.
  const bookingRows: (typeof s.bookings.$inferInsert)[] = [];
  for (let d = 0; d <= SEEDED_BOOKING_DAYS; d++) {
    const day = riyadhDayStart(now, d);
    bookingRows.push({
      tenantId: t,
      productId: massage.product.id,
      startsAt: new Date(day.getTime() + 20 * HOUR),
      endsAt: new Date(day.getTime() + 21 * HOUR),
      seats: 2,
    });
    bookingRows.push({
      tenantId: t,
      productId: pool.product.id,
      startsAt: new Date(day.getTime() + 18 * HOUR),
      endsAt: new Date(day.getTime() + 20 * HOUR),
      seats: 1,
    });
  }
  const restDay = riyadhDayStart(now, 10);
  bookingRows.push({
    tenantId: t,
    productId: resthouse.product.id,
    startsAt: restDay,
    endsAt: new Date(restDay.getTime() + 2 * DAY),
    seats: 1,
  });
  await db.insert(s.bookings).values(bookingRows);
  await seedSpaAccounts(db, t, now, { massage, resthouse, membership, bundle });
  await seedSpaStaff(db, t, now, massage);

  await db.insert(s.websitePages).values([
    {
      tenantId: t,
      path: "z/terms-and-conditions",
      titleAr: "الشروط والأحكام",
      titleEn: "Terms and conditions",
      bodyAr:
        "يرجى الحضور قبل موعدك بعشر دقائق.\n\nيمكن إلغاء الحجز قبل ٢٤ ساعة من موعده واسترداد المبلغ كاملاً.\n\nالدفعة المقدمة للاستراحة غير مستردة بعد تأكيد الحجز.",
      bodyEn:
        "Please arrive ten minutes before your appointment.\n\nA booking may be cancelled up to 24 hours before it for a full refund.\n\nThe resthouse deposit is not refundable once the booking is confirmed.",
    },
    {
      tenantId: t,
      path: "z/about",
      titleAr: "من نحن",
      titleEn: "About us",
      bodyAr: "ريمال للعافية: مساج ومسبح واستراحة في قلب الرياض.",
      bodyEn: "Rimal Wellness: massage, pool and resthouse in the heart of Riyadh.",
    },
  ]);
  await db.insert(s.bankAccounts).values({
    tenantId: t,
    bank: "alrajhi",
    holderName: "Rimal Wellness Co.",
    iban: "SA0380000000608010167519",
    accountNumber: "608010167519",
  });
  // Coupons: seedCheckoutDemo (demo-checkout.ts).
}

async function seedCoffee(db: Db) {
  const [tenant] = await db
    .insert(s.tenants)
    .values({ slug: "coffee", name: "Bunn Roastery", settings: coffeeSettings })
    .returning();
  const t = tenant.id;
  const [beans, grinder, gift, drip] = await db
    .insert(s.products)
    .values([
      {
        tenantId: t,
        typeString: "merchandise",
        nameAr: "بن إثيوبي مختص ٢٥٠ غ",
        nameEn: "Ethiopian specialty beans 250 g",
        descriptionAr: "تحميص متوسط بنكهات التوت والياسمين.",
        descriptionEn: "Medium roast with berry and jasmine notes.",
        images: [DEMO_IMAGES.beans],
        sortOrder: 1,
        stock: 40,
      },
      {
        tenantId: t,
        typeString: "merchandise",
        nameAr: "مطحنة يدوية",
        nameEn: "Hand grinder",
        descriptionAr: "مطحنة بتروس فولاذية قابلة للضبط.",
        descriptionEn: "Adjustable steel burr grinder.",
        images: [DEMO_IMAGES.grinder],
        sortOrder: 2,
        stock: 1,
      },
      {
        tenantId: t,
        typeString: "gift",
        nameAr: "بطاقة هدية بُن",
        nameEn: "Bunn gift card",
        descriptionAr: "هدية لمحبي القهوة.",
        descriptionEn: "A present for coffee lovers.",
        images: [],
        sortOrder: 3,
        giftThemes: [
          { id: "coffee", nameAr: "قهوة", nameEn: "Coffee", color: "#92400e" },
          { id: "thanks", nameAr: "شكر", nameEn: "Thank you", color: "#10b981" },
        ],
      },
      // Under the 50 SAR minimum on its own, so the minimum-order rule shows.
      {
        tenantId: t,
        typeString: "merchandise",
        nameAr: "أكياس قهوة مقطرة (٥)",
        nameEn: "Drip coffee bags (5)",
        descriptionAr: "خمسة أكياس تقطير جاهزة للسفر.",
        descriptionEn: "Five ready-to-brew drip bags for the road.",
        images: [DEMO_IMAGES.beans],
        sortOrder: 4,
        stock: 200,
      },
    ])
    .returning();
  await db.insert(s.productPrices).values([
    { tenantId: t, productId: drip.id, nameAr: "علبة ٥ أكياس", nameEn: "Box of 5", amount: 3000 },
    { tenantId: t, productId: beans.id, nameAr: "كيس ٢٥٠ غ", nameEn: "250 g bag", amount: 6500 },
    { tenantId: t, productId: grinder.id, nameAr: "مطحنة", nameEn: "Grinder", amount: 38000 },
    { tenantId: t, productId: gift.id, nameAr: "١٠٠ ريال", nameEn: "SAR 100", amount: 10000 },
  ]);
  await db.insert(s.bankAccounts).values([
    {
      tenantId: t,
      bank: "snb",
      holderName: "Bunn Roastery Est.",
      iban: "SA4410000001234567891234",
      accountNumber: "01234567891234",
      sortOrder: 1,
    },
    {
      tenantId: t,
      bank: "alinma",
      holderName: "Bunn Roastery Est.",
      iban: "SA6905000068201234567000",
      accountNumber: "68201234567000",
      sortOrder: 2,
    },
  ]);
  await db.insert(s.websitePages).values({
    tenantId: t,
    path: "z/about",
    titleAr: "عن بُن",
    titleEn: "About Bunn",
    bodyAr: "محمصة قهوة مختصة في جدة.",
    bodyEn: "A specialty coffee roastery in Jeddah.",
  });
  await seedCoffeeAccounts(db, t);
}

/** Seeds the demo tenants once (true when it did); a database that already has them only gets the additive data it lacks. */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db.select({ id: s.tenants.id }).from(s.tenants).where(eq(s.tenants.slug, "spa")).limit(1);
  if (existing.length === 0) {
    await db.transaction(async (tx) => {
      await seedSpa(tx as unknown as Db, now);
      await seedCoffee(tx as unknown as Db);
    });
  }
  // Additive demo data, written only where missing (also on a database seeded without it).
  await seedCheckoutDemo(db, now);
  await seedPaymentsDemo(db);
  await seedWhatsAppDemo(db);
  await seedConversionsDemo(db);
  await seedPixelsDemo(db);
  await seedDeliveryDemo(db);
  return existing.length === 0;
}
