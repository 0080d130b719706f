import { describe, expect, it } from "vitest";
import ar from "@/messages/ar/errors.json";
import en from "@/messages/en/errors.json";
import { codeMessageKey, failureKey } from "@/lib/error-key";
import {
  errorMessageKey,
  FALLBACK_ERROR_KEYS,
  failureMessageKey,
  isKnownErrorCode,
  KNOWN_ERROR_CODES,
} from "@/lib/errors";
import { StoreApiError } from "@/lib/client-fetch";
import { CodedError } from "@/contract/coded-error";

const SPEC_SECTION_8_CODES = [
  "SlotIsNotAvailable",
  "ProviderIsNotAvailable",
  "MinimumDaysRequirementNotMet",
  "MaximumDaysExceeded",
  "NextReservationPeriodNotMet",
  "Reservation:SelectedSlotIsUnavailableOrOutdated",
  "OtpCodeMismatch",
  "OtpCodeIsExpired",
  "MaxRetriesReached",
  "CustomFieldValueIsRequired",
  "ValueMustBeNumber",
  "ValueMustBeDate",
  "OptionIsNotValid",
  "CouponUsageAlreadyExists",
  "CouponIsNotActive",
  "CouponExpired",
  "CustomerExceededCouponUsage",
  "CouponNotFound",
  "CouponMinimumCartAmountNotMet",
  "CouponReachedMaximumUsage",
  "CouponNotApplicable",
  "CouponAlreadyExists",
  "CustomerNotApplicableForCoupon",
  "CouponOnlyForWebsite",
  "CouponOnlyForMobileApp",
  "ScheduleLinkedWithProviderException",
  "ProviderLinkedWithProductException",
  "CartAlreadyCompleted",
  "MerchandiseItemInsufficientStock",
  "SubscriptionLimitExceeded",
].map((c) => `SP:${c}`);

const BRIEF_CODES = [
  "SP:MerchandiseItemInsufficientStock",
  "SP:SlotIsNotAvailable",
  "SP:Reservation:SelectedSlotIsUnavailableOrOutdated",
  "SP:MinimumDaysRequirementNotMet",
  "SP:MaximumDaysExceeded",
  "SP:ValidationError",
  "SP:EntityNotFound",
  "SP:CartAlreadyCompleted",
  "SP:MalformedJson",
  "SP:TenantNotFound",
  "SP:RouteNotFound",
];

describe("error codes → messages", () => {
  it("replaces every ':' with '_'", () => {
    expect(errorMessageKey("SP:SlotIsNotAvailable")).toBe("SP_SlotIsNotAvailable");
    expect(errorMessageKey("SP:Reservation:SelectedSlotIsUnavailableOrOutdated")).toBe(
      "SP_Reservation_SelectedSlotIsUnavailableOrOutdated",
    );
  });
  it("falls back to 'unknown' for codes without a message", () => {
    expect(errorMessageKey("SP:SomethingNew")).toBe("unknown");
    expect(errorMessageKey(undefined)).toBe("unknown");
    expect(errorMessageKey("")).toBe("unknown");
    expect(isKnownErrorCode("toString")).toBe(false);
  });
  it("knows every code of spec §8 and of the team brief", () => {
    for (const code of [...SPEC_SECTION_8_CODES, ...BRIEF_CODES]) expect(isKnownErrorCode(code), code).toBe(true);
  });
  it("has a non-empty message in both languages for every known code and fallback", () => {
    const keys = [...KNOWN_ERROR_CODES.map(errorMessageKey), ...FALLBACK_ERROR_KEYS];
    for (const messages of [ar, en] as Record<string, string>[]) {
      for (const key of keys) expect(messages[key]?.trim(), key).toBeTruthy();
    }
  });
  it("has the same keys in Arabic and English, and Arabic text in the Arabic file", () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(ar)) expect(text, key).toMatch(/[\u0600-\u06FF]/);
    for (const [key, text] of Object.entries(en)) expect(text, key).not.toMatch(/[\u0600-\u06FF]/);
  });
});

describe("failureKey (a failed call to the store)", () => {
  it("answers network for no answer, the code's key for a refusal, unknown for anything not the store's answer", () => {
    expect(failureKey(new StoreApiError(0, "network", "offline"), errorMessageKey)).toBe("network");
    expect(failureKey(new StoreApiError(409, "SP:SlotIsNotAvailable", "full"), errorMessageKey)).toBe(
      "SP_SlotIsNotAvailable",
    );
    expect(failureKey(new StoreApiError(400, "SP:NoSuchCode", "?"), errorMessageKey)).toBe("unknown");
    // The first-load variant keys any code; its caller asks next-intl whether the message exists.
    expect(failureKey(new StoreApiError(400, "SP:NoSuchCode", "?"), codeMessageKey)).toBe("SP_NoSuchCode");
    // Another coded error (a provider's refusal in the browser) is not a refusal of the store.
    expect(failureKey(new CodedError(409, "SP:SlotIsNotAvailable", "full"), errorMessageKey)).toBe("unknown");
    expect(failureKey(new TypeError("Failed to fetch"), errorMessageKey)).toBe("unknown");
    expect(failureMessageKey(new StoreApiError(409, "SP:SlotIsNotAvailable", "full"))).toBe("SP_SlotIsNotAvailable");
  });
});
