import type { ProductDto } from "@/contract/dto/catalog";
import type { TenantConfig } from "@/contract/tenant-settings";
import type { WidgetSpec } from "./purchase-widget";
import type { StaffSpec } from "./staff-days";

/** The widget a product needs (server side): reservation flavour by its flags, else its kind. */
export function widgetSpec(
  product: ProductDto,
  config: Pick<TenantConfig, "hideDuration" | "providersViewType" | "hideBranches">,
  storeName: string,
): WidgetSpec {
  const r = product.reservation;
  if (product.typeString === "reservation") {
    const base = { bookingWindowDays: r?.bookingWindowDays ?? 60, openingHours: r?.openingHours ?? null };
    if (product.isFullDayBooking)
      return {
        kind: "days",
        ...base,
        minDays: r?.minDays ?? null,
        maxDays: r?.maxDays ?? null,
        depositPercent: r?.depositPercent ?? null,
      };
    if (product.isVariableDuration)
      return { kind: "duration", ...base, minUnits: r?.minUnits ?? 1, hideDuration: config.hideDuration };
    return { kind: "slots", ...base, capacity: r?.capacity ?? 1, staff: staffSpec(product, config) };
  }
  if (product.typeString === "subscription")
    return { kind: "subscription", durationDays: product.subscription?.durationDays ?? null };
  if (product.typeString === "gift") return { kind: "gift", themes: product.giftThemes ?? [], storeName };
  return { kind: "merchandise", stock: product.stock };
}

/** The specialists and branches the slot widget offers, with only what it shows (spec §3 settings). */
export function staffSpec(
  product: ProductDto,
  config: Pick<TenantConfig, "providersViewType" | "hideBranches">,
): StaffSpec | null {
  const staff = product.staff;
  if (!staff || staff.specialists.length === 0) return null;
  return {
    view: config.providersViewType === "cards" ? "cards" : "dropdown",
    showBranches: !config.hideBranches && staff.branches.length > 1,
    specialists: staff.specialists.map(({ id, name, bio, photo, branchIds, priceIds, workingHours, daysOff }) => ({
      id,
      name,
      bio,
      photo,
      branchIds,
      priceIds,
      workingHours,
      daysOff,
    })),
    branches: staff.branches.map(({ id, name, address, latitude, longitude, openingHours }) => ({
      id,
      name,
      address,
      latitude,
      longitude,
      openingHours,
    })),
  };
}
