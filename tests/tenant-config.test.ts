import { describe, expect, it } from "vitest";
import {
  parseCartMinimum,
  parseContactEmail,
  parseContactPhone,
  parseCrNumber,
  parseLanguages,
  parseTaxRate,
  parseVatNumber,
  toTenantConfig,
} from "@/contract/tenant-settings";
import { coffeeSettings, spaSettings } from "@/platform/seed/demo";

describe("tenant config defaults (empty settings map)", () => {
  const c = toTenantConfig({});
  it("offers Arabic only", () => expect(c.languages).toEqual(["ar"]));
  it("uses moyasar as the online payment provider", () => expect(c.onlinePaymentProvider).toBe("moyasar"));
  it("shows providers as a dropdown", () => expect(c.providersViewType).toBe("dropdown"));
  it("has no tax (rate 1)", () => {
    expect(c.taxEnabled).toBe(false);
    expect(c.taxRate).toBe(1);
  });
  it("enables no payment method", () => expect(c.enabledPaymentMethods).toEqual([]));
  it("uses the default cart type", () => expect(c.cartType).toBe("default"));
  it("has no cart minimum", () => expect(c.cartMinimumAmount).toBeNull());
  it("turns every flag off", () => {
    for (const k of [
      "disableCODForDeposit",
      "termsEnabled",
      "tosCheckboxEnabled",
      "separateFirstAndLastName",
      "compactProductCards",
      "cartNotesEnabled",
      "disableMultiCart",
      "hideDuration",
      "hasPackages",
      "walletPassesEnabled",
      "hideBranches",
      "payLaterEnabled",
      "showTamaraPromo",
    ] as const) {
      expect(c[k], k).toBe(false);
    }
  });
  it("has no texts", () => {
    expect(c.logoUrl).toBeNull();
    expect(c.brandName).toBeNull();
    expect(c.customTosMessage).toBeNull();
    expect(c.orderSuccessMessage).toEqual({ ar: null, en: null });
    expect(c.moyasarPublicTokenKey).toBeNull();
    expect(c.announcement).toEqual({ ar: null, en: null, link: null });
  });
});

describe("flags are on only for the exact text True", () => {
  it.each([
    ["True", true],
    ["true", false],
    ["TRUE", false],
    ["1", false],
    ["yes", false],
    [" True", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(toTenantConfig({ disableMultiCart: value }).disableMultiCart).toBe(expected);
    expect(toTenantConfig({ cashEnabled: value }).enabledPaymentMethods.includes("CASH")).toBe(expected);
  });
});

describe("tax rate = percentage / 100 + 1, else 1", () => {
  it.each([
    [true, "15", 1.15],
    [true, "0", 1],
    [true, "5.5", 1.055],
    [true, "", 1],
    [true, undefined, 1],
    [true, "abc", 1],
    [true, "-3", 1],
    [false, "15", 1],
  ])("enabled %s, %j → %s", (enabled, pct, rate) => expect(parseTaxRate(enabled, pct)).toBeCloseTo(rate, 10));
  it("reads taxEnabled and taxPercentage", () =>
    expect(toTenantConfig({ taxEnabled: "True", taxPercentage: "15" }).taxRate).toBeCloseTo(1.15, 10));
});

describe("cart minimum amount is an integer", () => {
  it.each([
    ["50", 50],
    [" 50 ", 50],
    ["50.5", null],
    ["abc", null],
    ["0", null],
    ["-10", null],
    ["", null],
    [undefined, null],
  ])("%j → %s", (v, expected) => expect(parseCartMinimum(v)).toBe(expected));
});

describe("languages", () => {
  it.each([
    [undefined, ["ar"]],
    ["", ["ar"]],
    ["ar", ["ar"]],
    ["ar,en", ["ar", "en"]],
    [" en , ar ", ["en", "ar"]],
    // An English-only store offers no Arabic pages (spec §3's list as written).
    ["en", ["en"]],
    ["fr,de", ["ar"]],
    ["AR,EN,en", ["ar", "en"]],
  ])("%j → %j", (v, expected) => expect(parseLanguages(v)).toEqual(expected));
});

describe("payment settings", () => {
  it("lists enabled methods in the enum's order", () => {
    const c = toTenantConfig({
      visaEnabled: "True",
      cashEnabled: "True",
      madaEnabled: "True",
      bankTransferEnabled: "True",
    });
    expect(c.enabledPaymentMethods).toEqual(["MADA", "CASH", "VISA", "BANK_TRANSFER"]);
  });
  it("keeps the provider as written, lower-cased, so that an unknown one can be refused", () => {
    expect(toTenantConfig({ onlinePaymentProvider: "MyFatoorah" }).onlinePaymentProvider).toBe("myfatoorah");
    expect(toTenantConfig({ onlinePaymentProvider: "rekaz-pay" }).onlinePaymentProvider).toBe("rekaz-pay");
    expect(toTenantConfig({ onlinePaymentProvider: "paypal" }).onlinePaymentProvider).toBe("paypal");
  });
  it.each([
    [{ tabbyEnabled: "True", tabbyPublicKey: "pk", tabbyMerchantCode: "m" }, true],
    [{ tabbyEnabled: "True", tabbyPublicKey: "pk" }, false],
    [{ tabbyEnabled: "True", tabbyMerchantCode: "m" }, false],
    [{ tabbyPublicKey: "pk", tabbyMerchantCode: "m" }, false],
    [{ tamaraEnabled: "True", tamaraPublicKey: "pk" }, true],
    [{ tamaraEnabled: "True" }, false],
    [{ tamaraPublicKey: "pk" }, false],
  ])("pay later %j → %s", (settings, expected) => expect(toTenantConfig(settings).payLaterEnabled).toBe(expected));
  it.each([
    [{ tamaraEnabled: "True", tamaraPublicKey: "pk", tamaraMerchantCode: "m" }, true],
    [{ tamaraEnabled: "True", tamaraPublicKey: "pk" }, false],
    [{ tamaraPublicKey: "pk", tamaraMerchantCode: "m" }, false],
  ])("tamara promo widget %j → %s", (settings, expected) =>
    expect(toTenantConfig(settings).showTamaraPromo).toBe(expected),
  );
});

describe("demo tenants", () => {
  it("spa: Arabic and English, 15% tax, every method, terms", () => {
    const c = toTenantConfig(spaSettings);
    expect(c.languages).toEqual(["ar", "en"]);
    expect(c.taxRate).toBeCloseTo(1.15, 10);
    expect(c.enabledPaymentMethods).toEqual(["MADA", "CASH", "VISA", "APPLE_PAY", "TAMARA", "TABBY", "BANK_TRANSFER"]);
    expect(c.termsEnabled).toBe(true);
    expect(c.cartType).toBe("default");
  });
  it("coffee: Arabic only, quick cart, first/last name, no multi-cart, minimum 50, cash and bank transfer", () => {
    const c = toTenantConfig(coffeeSettings);
    expect(c.languages).toEqual(["ar"]);
    expect(c.cartType).toBe("quick");
    expect(c.separateFirstAndLastName).toBe(true);
    expect(c.disableMultiCart).toBe(true);
    expect(c.cartMinimumAmount).toBe(50);
    expect(c.enabledPaymentMethods).toEqual(["CASH", "BANK_TRANSFER"]);
  });
});

describe("the store's texts per language", () => {
  it("keeps the done page's message in each language apart, as the announcement", () => {
    const c = toTenantConfig({ orderSuccessMessage: "شكراً لك", orderSuccessMessageEn: "Thank you" });
    expect(c.orderSuccessMessage).toEqual({ ar: "شكراً لك", en: "Thank you" });
    // Written in Arabic only: an English shopper sees no Arabic message.
    expect(toTenantConfig({ orderSuccessMessage: "شكراً لك" }).orderSuccessMessage.en).toBeNull();
  });
});

describe("who sells: the seller's facts the footer, checkout and invoice show", () => {
  it("reads a Saudi VAT number (15 digits, first and last 3) and a 10-digit CR number, else nothing", () => {
    expect(parseVatNumber("310123456700003")).toBe("310123456700003");
    expect(parseVatNumber(" 310123456700003 ")).toBe("310123456700003");
    for (const bad of [
      "210123456700003",
      "310123456700002",
      "31012345670000",
      "3101234567000033",
      "٣١٠١٢٣٤٥٦٧٠٠٠٠٣",
      "",
    ])
      expect(parseVatNumber(bad)).toBeNull();
    expect(parseCrNumber("1010654321")).toBe("1010654321");
    for (const bad of ["101065432", "10106543210", "10106-5432"]) expect(parseCrNumber(bad)).toBeNull();
  });

  it("keeps contact numbers as written for people, and refuses what can't be dialled", () => {
    expect(parseContactPhone("+966 11 234 5678")).toBe("+966 11 234 5678");
    expect(parseContactPhone("0112345678")).toBe("0112345678");
    expect(parseContactPhone("+966 1")).toBeNull();
    expect(parseContactPhone("call us")).toBeNull();
    expect(parseContactEmail("care@rimal.example")).toBe("care@rimal.example");
    expect(parseContactEmail("care@rimal")).toBeNull();
  });

  it("gives both demo tenants their facts, and an empty map none", () => {
    expect(toTenantConfig(spaSettings).trust).toMatchObject({
      vatNumber: "310123456700003",
      crNumber: "1010654321",
      address: { ar: expect.any(String), en: expect.any(String) },
    });
    expect(toTenantConfig(coffeeSettings).trust).toMatchObject({
      vatNumber: "302345678900003",
      crNumber: "4030123456",
      phone: null,
    });
    expect(toTenantConfig({}).trust).toEqual({
      legalName: null,
      vatNumber: null,
      crNumber: null,
      address: { ar: null, en: null },
      phone: null,
      whatsapp: null,
      email: null,
    });
  });
});
