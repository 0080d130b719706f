/**
 * The platform API's data shapes (spec §3), as the storefront receives them inside `{data}`.
 * Amounts are SAR as decimal numbers (two places); the platform stores halalas.
 */
import type { ProductTypeString, OpeningHours } from "@/platform/db/schema";

export type { ProductTypeString };

export type ApiError = { code: string; message: string; details?: Record<string, unknown> };
export type ApiEnvelope<T> = { data: T } | { error: ApiError };

export type PriceDto = { id: string; name: string; amount: number };

export type GiftThemeDto = { id: string; name: string; color: string };

export type ProductDto = {
  id: string;
  /** 0 reservation, 1 subscription, 2 merchandise, 3 gift. */
  type: number;
  typeString: ProductTypeString;
  name: string;
  description: string;
  images: string[];
  /** The lowest price, before tax. */
  amount: number;
  hasPackage: boolean;
  isFullDayBooking: boolean;
  isVariableDuration: boolean;
  prices: PriceDto[];
  reservation: null | {
    slotMinutes: number | null;
    capacity: number;
    minDays: number | null;
    maxDays: number | null;
    minUnits: number | null;
    maxUnits: number | null;
    depositPercent: number | null;
    bookingWindowDays: number;
    openingHours: OpeningHours | null;
  };
  subscription: null | { durationDays: number | null; perCustomerLimit: number | null; packageSessions: number | null };
  /** Merchandise: units left; null for other kinds. */
  stock: number | null;
  giftThemes: GiftThemeDto[] | null;
};

/** GET products/{id}/availability. Dates are Riyadh calendar days (YYYY-MM-DD); instants are ISO strings. */
export type AvailabilityDto =
  | { kind: "slots"; date: string; slots: { from: string; to: string; available: number; capacity: number }[] }
  | { kind: "duration"; date: string; unitMinutes: number; minUnits: number; starts: { from: string; maxUnits: number }[] }
  | { kind: "days"; from: string; days: { date: string; available: boolean }[] };

export type GiftDetailsDto = { toName: string; fromName?: string | null; showBuyerInfo: boolean; theme: string };
/** A gift line in a cart also carries its theme's localized name and colour. */
export type CartGiftDetailsDto = GiftDetailsDto & { themeName: string; themeColor: string | null };

export type CartItemDto = {
  id: string;
  type: number;
  /** Line amount before tax: unit price × quantity × effective units. */
  amount: number;
  taxAmount: number;
  quantity: number;
  /** quantity × units (hours or nights). */
  effectiveQuantity: number;
  product: { id: string; name: string; typeString: ProductTypeString; images: string[]; hasPackage: boolean; isFullDayBooking: boolean; isVariableDuration: boolean };
  price: { id: string; name: string; amount: number };
  giftDetails: CartGiftDetailsDto | null;
  reservationDateFrom: string | null;
  /** Exclusive end; full-day bookings display it minus one day. */
  reservationDateTo: string | null;
  subscriptionStartDate: string | null;
};

export type CartDto = {
  id: string;
  customerId: string | null;
  cartItems: CartItemDto[];
  items: CartItemDto[];
  couponId: string | null;
  couponCode: string | null;
  subTotal: number;
  discountAmount: number;
  taxAmount: number;
  fees: { name: string; amount: number }[];
  totalAmount: number;
  depositAmount: number;
  amountToBePaid: number;
  hasPackageDiscounts: boolean;
  status: string;
  currency: "SAR";
};

export type AddCartItemInput = {
  productId: string;
  priceId: string;
  quantity?: number;
  /** Fixed slot or variable start: ISO instant. Full-day: first day YYYY-MM-DD. */
  reservationDateFrom?: string;
  /** Full-day: exclusive end day YYYY-MM-DD (last day + 1). */
  reservationDateTo?: string;
  /** Variable duration: number of units (hours). */
  units?: number;
  subscriptionStartDate?: string;
  giftDetails?: GiftDetailsDto;
};

export type UpdateCartItemInput = { priceId?: string; quantity: number };

export type WebsitePageDto = { path: string; title: string; body: string };

export type WebsiteConfigDto = {
  tenant: { id: string; name: string; slug: string };
  /** The public part of the settings map (no secret keys). */
  settings: Record<string, string>;
  pages: { path: string; title: string }[];
};

export type TenantDto = { id: string; slug: string; name: string; settings: Record<string, string> };
