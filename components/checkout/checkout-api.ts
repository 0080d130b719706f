import { callBff, CartApiError } from "@/components/cart/cart-api";
import { fetchEnvelope } from "@/lib/client-fetch";
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
  applyCoupon: (locale: string, couponCode: string) =>
    callBff<CartDto>(locale, "POST", "/api/checkout/coupon", { couponCode }),
  removeCoupon: (locale: string) => callBff<CartDto>(locale, "DELETE", "/api/checkout/coupon"),
  setUsePackages: (locale: string, usePackages: boolean) =>
    callBff<CartDto>(locale, "PUT", "/api/checkout/packages", { usePackages }),
  validate: (locale: string) => callBff<ValidateCartDto>(locale, "GET", "/api/checkout/validate"),
  saveCustomer: (locale: string, input: { name: string; customFields: Record<string, string | null> }) =>
    callBff<CustomerDto>(locale, "POST", "/api/checkout/customer", input),
  presets: (locale: string) => callBff<CheckoutPresetDto[]>(locale, "GET", "/api/checkout/presets"),
  createPresetValue: (locale: string, presetId: string, body: PresetValueBody) =>
    callBff<PresetValueDto>(
      locale,
      "POST",
      `/api/checkout/presets/values?presetId=${encodeURIComponent(presetId)}`,
      body,
    ),
  updatePresetValue: (locale: string, valueId: string, body: PresetValueBody) =>
    callBff<PresetValueDto>(locale, "PUT", `/api/checkout/presets/values/${encodeURIComponent(valueId)}`, body),
  deletePresetValue: (locale: string, valueId: string) =>
    callBff<null>(locale, "DELETE", `/api/checkout/presets/values/${encodeURIComponent(valueId)}`),
  setDefaultPresetValue: (locale: string, valueId: string) =>
    callBff<PresetValueDto>(locale, "POST", `/api/checkout/presets/values/${encodeURIComponent(valueId)}/default`),
};

/** A public platform read (no session, no cart), in the page's language. */
const publicPlatform = <T>(path: string, locale: string) =>
  fetchEnvelope<T>(CartApiError, "GET", `/api/app/${path}`, undefined, locale, { credentials: "omit" });

export const publicCheckoutApi = {
  websiteConfig: (locale: string) => publicPlatform<WebsiteConfigDto>("website/config", locale),
  customFields: (locale: string) =>
    publicPlatform<CustomFieldDefinitionDto[]>("customer/checkout-custom-fields", locale),
};
