import type { ProductDto } from "@/contract/dto/catalog";

type KindFields = Pick<ProductDto, "typeString" | "hasPackage" | "isFullDayBooking" | "isVariableDuration">;

/** The label key (`product.kind.*`): a package subscription is named apart from a plain one. */
export function kindKey(p: KindFields): "reservation" | "subscription" | "package" | "merchandise" | "gift" {
  return p.typeString === "subscription" && p.hasPackage ? "package" : p.typeString;
}

/** What one price unit buys (`product.price.*`): an hour, a night, or nothing to say. */
export function priceUnitKey(p: KindFields): "perHour" | "perNight" | null {
  if (p.typeString !== "reservation") return null;
  if (p.isFullDayBooking) return "perNight";
  return p.isVariableDuration ? "perHour" : null;
}
