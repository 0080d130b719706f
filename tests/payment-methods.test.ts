import { describe, expect, it } from "vitest";
import { paymentMethods, type CheckoutMethodId } from "@/lib/checkout/payment-methods";
import type { CartDto, CartItemDto } from "@/contract/dto/cart";
import type { ProductTypeString } from "@/contract/dto/shared";
import { toTenantConfig, type SettingsMap } from "@/contract/tenant-settings";

// Spec §5 and §9, one table per rule. Configs are built from the settings map the way the
// storefront reads it, so that "the setting equals the text True" is part of what is tested.

type Cart = Pick<CartDto, "totalAmount" | "amountToBePaid" | "depositAmount" | "cartItems">;

const item = (typeString: ProductTypeString): CartItemDto => ({ product: { typeString } }) as CartItemDto;

function cart(kinds: ProductTypeString[], total = 115, extra: Partial<Cart> = {}): Cart {
  return { totalAmount: total, amountToBePaid: total, depositAmount: 0, cartItems: kinds.map(item), ...extra };
}

/** Tabby's key and merchant code and Tamara's key: without them neither is offered (spec §5's pay-later flag). */
const PAY_LATER_KEYS = {
  tabbyPublicKey: "pk_test_tabby",
  tabbyMerchantCode: "rimal",
  tamaraPublicKey: "pk_test_tamara",
};

const ALL_ON: SettingsMap = {
  madaEnabled: "True",
  visaEnabled: "True",
  applePayEnabled: "True",
  tabbyEnabled: "True",
  tamaraEnabled: "True",
  cashEnabled: "True",
  bankTransferEnabled: "True",
  ...PAY_LATER_KEYS,
};

function ids(settings: SettingsMap, c: Cart = cart(["merchandise"]), applePaySupported = true): CheckoutMethodId[] {
  return paymentMethods({ config: toTenantConfig(settings), cart: c, applePaySupported }).methods.map((m) => m.id);
}

describe("a method appears only when its setting is exactly the text True", () => {
  it.each([
    ["True", ["CASH"]],
    ["true", []],
    ["TRUE", []],
    ["True ", []],
    ["1", []],
    ["", []],
  ])("cashEnabled=%j ⇒ %j", (value, expected) => {
    expect(ids({ cashEnabled: value })).toEqual(expected);
  });
});

describe("the card method is listed once when VISA or MADA is enabled", () => {
  it.each([
    [{ visaEnabled: "True" }, ["CARD"]],
    [{ madaEnabled: "True" }, ["CARD"]],
    [{ visaEnabled: "True", madaEnabled: "True" }, ["CARD"]],
    [{ visaEnabled: "False", madaEnabled: "False" }, []],
  ] as [SettingsMap, CheckoutMethodId[]][])("%j ⇒ %j", (settings, expected) => {
    expect(ids(settings)).toEqual(expected);
  });
});

describe("Tabby and Tamara only with their keys (spec §5's pay-later flag)", () => {
  it.each([
    [{ tabbyEnabled: "True", tabbyPublicKey: "pk", tabbyMerchantCode: "m" }, ["TABBY"]],
    [{ tabbyEnabled: "True", tabbyPublicKey: "pk" }, []],
    [{ tabbyEnabled: "True", tabbyMerchantCode: "m" }, []],
    [{ tamaraEnabled: "True", tamaraPublicKey: "pk" }, ["TAMARA"]],
    [{ tamaraEnabled: "True" }, []],
    [{ tamaraPublicKey: "pk" }, []],
  ] as [SettingsMap, CheckoutMethodId[]][])("%j ⇒ %j", (settings, expected) => {
    expect(ids(settings)).toEqual(expected);
    expect(toTenantConfig(settings).payLaterEnabled).toBe(expected.length > 0);
  });
});

describe("the store's payLaterEnabled turns Tabby and Tamara off at once; unset, each follows its own flag", () => {
  const both = { tabbyEnabled: "True", tamaraEnabled: "True", tamaraMerchantCode: "m", ...PAY_LATER_KEYS };
  it.each([
    [undefined, ["TAMARA", "TABBY"]],
    ["True", ["TAMARA", "TABBY"]],
    ["False", []],
  ] as [string | undefined, CheckoutMethodId[]][])("payLaterEnabled=%j ⇒ %j", (value, expected) => {
    const settings: SettingsMap = value === undefined ? both : { ...both, payLaterEnabled: value };
    expect(ids(settings)).toEqual(expected);
    const config = toTenantConfig(settings);
    expect([config.payLaterEnabled, config.showTamaraPromo, config.tabby.enabled]).toEqual(
      Array(3).fill(expected.length > 0),
    );
  });
});

describe("Apple Pay only where the device supports it", () => {
  it.each([
    [{ applePayEnabled: "True" }, true, ["APPLE_PAY"]],
    [{ applePayEnabled: "True" }, false, []],
    [{}, true, []],
  ] as [SettingsMap, boolean, CheckoutMethodId[]][])("%j, supported %s ⇒ %j", (settings, supported, expected) => {
    expect(ids(settings, cart(["merchandise"]), supported)).toEqual(expected);
  });
});

describe("amount-based methods only when the total is above zero", () => {
  it.each([
    [115, ["CARD", "CASH", "APPLE_PAY", "TAMARA", "TABBY", "BANK_TRANSFER"]],
    [0.01, ["CARD", "CASH", "APPLE_PAY", "TAMARA", "TABBY", "BANK_TRANSFER"]],
    [0, ["CASH"]],
  ] as [number, CheckoutMethodId[]][])("total %s ⇒ %j", (total, expected) => {
    expect(ids(ALL_ON, cart(["reservation"], total))).toEqual(expected);
  });
});

describe("cash when enabled or the total is zero, but not for a deposit when disableCODForDeposit", () => {
  const deposit = (total: number) => cart(["reservation"], total, { depositAmount: 34.5, amountToBePaid: 34.5 });
  it.each([
    ["enabled, total > 0", { cashEnabled: "True" }, cart(["reservation"]), true],
    ["disabled, total > 0", { cashEnabled: "False", bankTransferEnabled: "True" }, cart(["reservation"]), false],
    ["disabled, total 0", {}, cart(["reservation"], 0), true],
    [
      "enabled, deposit, disableCODForDeposit",
      { cashEnabled: "True", disableCODForDeposit: "True" },
      deposit(115),
      false,
    ],
    [
      "enabled, no deposit, disableCODForDeposit",
      { cashEnabled: "True", disableCODForDeposit: "True" },
      cart(["reservation"]),
      true,
    ],
    ["enabled, deposit, COD allowed", { cashEnabled: "True" }, deposit(115), true],
  ] as [string, SettingsMap, Cart, boolean][])("%s", (_name, settings, c, listed) => {
    expect(ids(settings, c).includes("CASH")).toBe(listed);
  });
});

describe("the cash label", () => {
  it.each([
    ["cash on delivery by default", ALL_ON, cart(["merchandise"]), "methods.cash.cashOnDelivery"],
    ["cash on delivery for a mixed cart", ALL_ON, cart(["reservation", "merchandise"]), "methods.cash.cashOnDelivery"],
    ["cash on delivery for subscriptions with a total", ALL_ON, cart(["subscription"]), "methods.cash.cashOnDelivery"],
    ["pay later for an all-reservation cart", ALL_ON, cart(["reservation", "reservation"]), "methods.cash.payLater"],
    ["confirm booking when the total is 0", ALL_ON, cart(["reservation"], 0), "methods.cash.confirmBooking"],
    [
      "confirm booking for a free merchandise cart",
      {},
      cart(["merchandise", "gift"], 0),
      "methods.cash.confirmBooking",
    ],
    [
      "confirm booking when cash is the only method",
      { cashEnabled: "True" },
      cart(["merchandise"]),
      "methods.cash.confirmBooking",
    ],
    [
      "confirm booking when cash is the only method of an all-reservation cart",
      { cashEnabled: "True" },
      cart(["reservation"]),
      "methods.cash.confirmBooking",
    ],
    [
      "confirm subscription for a zero-total subscription-only cart",
      ALL_ON,
      cart(["subscription", "subscription"], 0),
      "methods.cash.confirmSubscription",
    ],
    [
      "confirm booking for a zero-total cart of a subscription and a booking",
      ALL_ON,
      cart(["subscription", "reservation"], 0),
      "methods.cash.confirmBooking",
    ],
  ] as [string, SettingsMap, Cart, string][])("%s", (_name, settings, c, label) => {
    const result = paymentMethods({ config: toTenantConfig(settings), cart: c, applePaySupported: false });
    expect(result.cashLabelKey).toBe(label);
    expect(result.methods.find((m) => m.id === "CASH")?.labelKey).toBe(label);
  });
});

describe("the first method is preselected; none ⇒ no methods", () => {
  it.each([
    [ALL_ON, cart(["merchandise"]), "CARD"],
    [{ cashEnabled: "True", bankTransferEnabled: "True" }, cart(["merchandise"]), "CASH"],
    [{ bankTransferEnabled: "True", tamaraEnabled: "True", ...PAY_LATER_KEYS }, cart(["merchandise"]), "TAMARA"],
    // The card stands in MADA's place of the enum (spec §3) whichever of MADA and VISA turns it on:
    // a VISA-only store preselects the card, not cash.
    [{ visaEnabled: "True", cashEnabled: "True" }, cart(["merchandise"]), "CARD"],
    [{ madaEnabled: "True", cashEnabled: "True" }, cart(["merchandise"]), "CARD"],
    [{}, cart(["merchandise"]), null],
    [
      { cashEnabled: "True", disableCODForDeposit: "True" },
      cart(["reservation"], 115, { depositAmount: 30, amountToBePaid: 30 }),
      null,
    ],
  ] as [SettingsMap, Cart, CheckoutMethodId | null][])("%j ⇒ %s", (settings, c, expected) => {
    const result = paymentMethods({ config: toTenantConfig(settings), cart: c, applePaySupported: true });
    expect(result.defaultMethod).toBe(expected);
    if (expected === null) expect(result.methods).toEqual([]);
  });
});

describe("the amount to pay: the full total for Tabby and Tamara, else the amount due now", () => {
  const withDeposit = cart(["reservation"], 400, { depositAmount: 120, amountToBePaid: 120 });
  it.each([
    ["TABBY", 400],
    ["TAMARA", 400],
    ["CARD", 120],
    ["APPLE_PAY", 120],
    ["CASH", 120],
    ["BANK_TRANSFER", 120],
  ] as [CheckoutMethodId, number][])("%s ⇒ %s", (method, amount) => {
    expect(
      paymentMethods({ config: toTenantConfig(ALL_ON), cart: withDeposit, applePaySupported: true }).amountToPay(
        method,
      ),
    ).toBe(amount);
  });
});

describe("every method has its label key", () => {
  it("labels amount-based methods by method and cash by the cash rule", () => {
    const { methods } = paymentMethods({
      config: toTenantConfig(ALL_ON),
      cart: cart(["merchandise"]),
      applePaySupported: true,
    });
    expect(methods).toEqual([
      { id: "CARD", labelKey: "methods.card" },
      { id: "CASH", labelKey: "methods.cash.cashOnDelivery" },
      { id: "APPLE_PAY", labelKey: "methods.applePay" },
      { id: "TAMARA", labelKey: "methods.tamara" },
      { id: "TABBY", labelKey: "methods.tabby" },
      { id: "BANK_TRANSFER", labelKey: "methods.bankTransfer" },
    ]);
  });

  it("gives the coffee shop (cash and bank transfer) exactly those two", () => {
    expect(ids({ cashEnabled: "True", bankTransferEnabled: "True", visaEnabled: "False" })).toEqual([
      "CASH",
      "BANK_TRANSFER",
    ]);
  });
});
