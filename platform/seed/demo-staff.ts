import type { Db } from "../db/client";
import * as s from "../db/schema";
import type { OpeningHours } from "../db/schema";
import { riyadhDay, riyadhDayStart } from "../time";
import { DEMO_IMAGES } from "./demo-images";

const hours = (open: string, close: string, days = [0, 1, 2, 3, 4, 5, 6]): OpeningHours =>
  Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), days.includes(d) ? [open, close] : null]));

/**
 * The spa's two branches and four therapists for the 60-minute massage, with different weeks:
 * Noura works every day in both branches (so every slot of the massage's opening hours has someone),
 * Sara weekday days with a lunch break, Reem evenings and is off tomorrow, Huda gives only the
 * hot-stone massage.
 */
export async function seedSpaStaff(
  db: Db,
  tenantId: string,
  now: Date,
  massage: { product: { id: string }; prices: { id: string }[] },
) {
  const [olaya, hittin] = await db
    .insert(s.branches)
    .values([
      {
        tenantId,
        nameAr: "فرع العليا",
        nameEn: "Olaya branch",
        addressAr: "طريق الملك فهد، حي العليا، الرياض",
        addressEn: "King Fahd Road, Al Olaya, Riyadh",
        latitude: 24.6995,
        longitude: 46.685,
        phone: "+966 11 234 5678",
        openingHours: hours("10:00", "22:00"),
        sortOrder: 1,
      },
      {
        tenantId,
        nameAr: "فرع حطين",
        nameEn: "Hittin branch",
        addressAr: "شارع الأمير محمد بن سعد، حي حطين، الرياض",
        addressEn: "Prince Mohammed bin Saad Street, Hittin, Riyadh",
        latitude: 24.764,
        longitude: 46.601,
        phone: "+966 11 234 5679",
        openingHours: hours("10:00", "22:00"),
        sortOrder: 2,
      },
    ])
    .returning();
  const products = [massage.product.id];
  const hotStone = massage.prices[1].id;
  const tomorrow = riyadhDay(riyadhDayStart(now, 1));
  await db.insert(s.specialists).values([
    {
      tenantId,
      nameAr: "نورة الحربي",
      nameEn: "Noura Al-Harbi",
      bioAr: "معالجة مساج معتمدة، خبرة ١٠ سنوات في المساج السويدي والعلاجي.",
      bioEn: "Certified massage therapist, 10 years of Swedish and therapeutic massage.",
      photo: DEMO_IMAGES.specialistNoura,
      branchIds: [olaya.id, hittin.id],
      productIds: products,
      workingHours: hours("10:00", "22:00"),
      sortOrder: 1,
    },
    {
      tenantId,
      nameAr: "سارة القحطاني",
      nameEn: "Sara Al-Qahtani",
      bioAr: "متخصصة في مساج الاسترخاء وتخفيف التوتر.",
      bioEn: "Relaxation and stress-relief massage.",
      photo: DEMO_IMAGES.specialistSara,
      branchIds: [olaya.id],
      productIds: products,
      workingHours: hours("10:00", "18:00", [0, 1, 2, 3, 4]),
      breaks: [["13:00", "14:00"]],
      sortOrder: 2,
    },
    {
      tenantId,
      nameAr: "ريم العتيبي",
      nameEn: "Reem Al-Otaibi",
      bioAr: "مساج رياضي وعلاج العضلات، مواعيد مسائية.",
      bioEn: "Sports massage and muscle therapy, evening appointments.",
      photo: DEMO_IMAGES.specialistReem,
      branchIds: [hittin.id],
      productIds: products,
      workingHours: hours("14:00", "22:00"),
      daysOff: [tomorrow],
      sortOrder: 3,
    },
    {
      tenantId,
      nameAr: "هدى الشمري",
      nameEn: "Huda Al-Shammari",
      bioAr: "خبيرة المساج بالأحجار الساخنة.",
      bioEn: "Hot stone massage specialist.",
      photo: DEMO_IMAGES.specialistHuda,
      branchIds: [olaya.id],
      productIds: products,
      priceIds: [hotStone],
      workingHours: hours("12:00", "20:00"),
      sortOrder: 4,
    },
  ]);
}
