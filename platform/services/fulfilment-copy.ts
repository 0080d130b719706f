import type { Fulfilment } from "../db/schema";
import type { Locale } from "@/contract/tenant-settings";
import type { FulfilmentDto } from "@/contract/dto/cart";

/** The cart's copy of its delivery address or pickup branch, in the reader's language. */
export function fulfilmentDto(f: Fulfilment | null, locale: Locale): FulfilmentDto | null {
  if (!f) return null;
  if (f.kind === "pickup")
    return {
      kind: "pickup",
      branchId: f.branchId,
      branchName: locale === "en" ? f.nameEn : f.nameAr,
      branchAddress: locale === "en" ? f.addressEn : f.addressAr,
    };
  return {
    kind: "delivery",
    latitude: f.latitude,
    longitude: f.longitude,
    addressLine: f.addressLine,
    driverNote: f.driverNote,
    locationId: f.locationId,
    locationType: f.locationType,
    locationDescription: f.locationDescription,
  };
}

const LINE_TEXT: Record<Locale, { deliver: string; note: string; pickup: string }> = {
  ar: { deliver: "التوصيل إلى", note: "ملاحظة للسائق", pickup: "الاستلام من" },
  en: { deliver: "Deliver to", note: "note for the driver", pickup: "Pickup at" },
};

/** One line saying where the order goes: "Deliver to: <address>, note…" or "Pickup at: <branch>, <address>". */
export function fulfilmentText(f: Fulfilment, locale: Locale): string {
  const t = LINE_TEXT[locale];
  const comma = locale === "ar" ? "، " : ", ";
  if (f.kind === "pickup") {
    const address = locale === "en" ? f.addressEn : f.addressAr;
    return `${t.pickup}: ${locale === "en" ? f.nameEn : f.nameAr}${address ? `${comma}${address}` : ""}`;
  }
  return `${t.deliver}: ${f.addressLine}${f.driverNote ? `${comma}${t.note}: ${f.driverNote}` : ""}`;
}
