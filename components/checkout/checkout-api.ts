import { callBff } from "@/components/cart/cart-api";
import type { ApiEnvelope } from "@/contract/errors";
import type { CartDto } from "@/contract/dto/cart";
import type { CustomerDto, CustomFieldDefinitionDto } from "@/contract/dto/customers";
import type { PresetDto, PresetValueDto } from "@/contract/dto/presets";
import type { ValidateCartDto } from "@/contract/dto/checkout";
import type { WebsiteConfigDto } from "@/contract/dto/website";

/**
 * The browser's side of the checkout BFF (/api/checkout/*): the cart is the cookie's, the
 * customer the session's. Refusals throw CartApiError with the platform's `SP:` code.
 */

export type CheckoutPresetDto = PresetDto & { values: PresetValueDto[] };
export type PresetValueBody = { values: Record<string, string | null>; isDefault?: boolean };

export const checkoutApi = {
  applyCoupon: (locale: string, couponCode: string) => callBff<CartDto>(locale, "POST", "/api/checkout/coupon", { couponCode }),
  removeCoupon: (locale: string) => callBff<CartDto>(locale, "DELETE", "/api/checkout/coupon"),
  setUsePackages: (locale: string, usePackages: boolean) => callBff<CartDto>(locale, "PUT", "/api/checkout/packages", { usePackages }),
  validate: (locale: string) => callBff<ValidateCartDto>(locale, "GET", "/api/checkout/validate"),
  saveCustomer: (locale: string, input: { name: string; customFields: Record<string, string | null> }) => callBff<CustomerDto>(locale, "POST", "/api/checkout/customer", input),
  presets: (locale: string) => callBff<CheckoutPresetDto[]>(locale, "GET", "/api/checkout/presets"),
  createPresetValue: (locale: string, presetId: string, body: PresetValueBody) =>
    callBff<PresetValueDto>(locale, "POST", `/api/checkout/presets/values?presetId=${encodeURIComponent(presetId)}`, body),
  updatePresetValue: (locale: string, valueId: string, body: PresetValueBody) => callBff<PresetValueDto>(locale, "PUT", `/api/checkout/presets/values/${encodeURIComponent(valueId)}`, body),
};

/** A public platform call (no session, no cart), in the page's language. */
async function publicPlatform<T>(path: string, locale: string): Promise<T> {
  const res = await fetch(`/api/app/${path}`, { headers: { accept: "application/json", "accept-language": locale }, credentials: "omit" });
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (payload && "data" in payload && res.ok) return payload.data;
  throw new Error(payload && "error" in payload ? payload.error.code : `HTTP ${res.status}`);
}

export const publicCheckoutApi = {
  websiteConfig: (locale: string) => publicPlatform<WebsiteConfigDto>("website/config", locale),
  customFields: (locale: string) => publicPlatform<CustomFieldDefinitionDto[]>("customer/checkout-custom-fields", locale),
};
