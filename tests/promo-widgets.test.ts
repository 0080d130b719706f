import { describe, expect, it } from "vitest";
import { toTenantConfig } from "@/contract/tenant-settings";
import { promoWidgets } from "@/lib/payments/promo-widgets";
import { PROVIDER_BROWSER } from "@/payment-providers/browser";
import { PROVIDER_PROFILES } from "@/payment-providers/profiles";

const payments = {
  moyasarApiUrl: null,
  myfatoorahScriptUrl: null,
  tabbyCardScriptUrl: "/sandbox/tabby/tabby-card.js",
  tamaraWidgetScriptUrl: "/sandbox/tamara/widget-v2/tamara-widget.js",
};
const settings = {
  tabbyEnabled: "True",
  tabbyPublicKey: "pk_tabby",
  tabbyMerchantCode: "rimal_sa",
  tamaraEnabled: "True",
  tamaraPublicKey: "pk_tamara",
  tamaraMerchantCode: "rimal",
};

/** The props of each widget shown, by provider folder. */
const shown = (...args: Parameters<typeof promoWidgets>) =>
  Object.fromEntries(promoWidgets(...args).map((w) => [w.folder, w.props]));

describe("pay-later promo widgets on the product page (spec §2)", () => {
  it("shows both when each provider is enabled with its keys and has a script", () => {
    expect(shown(toTenantConfig(settings), payments, 120)).toEqual({
      tabby: { scriptUrl: payments.tabbyCardScriptUrl, publicKey: "pk_tabby", merchantCode: "rimal_sa" },
      tamara: { scriptUrl: payments.tamaraWidgetScriptUrl, publicKey: "pk_tamara" },
    });
  });

  it("needs Tabby's public key and merchant code, and Tamara's merchant code (showTamaraPromo)", () => {
    expect(shown(toTenantConfig({ ...settings, tabbyMerchantCode: "" }), payments, 120).tabby).toBeUndefined();
    expect(shown(toTenantConfig({ ...settings, tabbyPublicKey: " " }), payments, 120).tabby).toBeUndefined();
    expect(shown(toTenantConfig({ ...settings, tamaraMerchantCode: "" }), payments, 120).tamara).toBeUndefined();
    expect(shown(toTenantConfig({ ...settings, tabbyEnabled: "true", tamaraEnabled: "False" }), payments, 120)).toEqual(
      {},
    );
  });

  it("shows nothing without the provider's script or a price to split", () => {
    expect(
      promoWidgets(
        toTenantConfig(settings),
        { ...payments, tabbyCardScriptUrl: null, tamaraWidgetScriptUrl: null },
        120,
      ),
    ).toEqual([]);
    expect(promoWidgets(toTenantConfig(settings), payments, 0)).toEqual([]);
  });

  it("draws each in a slot of its own height, under the ids the slots have always had", () => {
    expect(
      promoWidgets(toTenantConfig(settings), payments, 120).map(({ folder, slotId, slotClass }) => ({
        folder,
        slotId,
        slotClass,
      })),
    ).toEqual([
      { folder: "tamara", slotId: "tamara-promo", slotClass: "h-24 sm:h-[4.5rem]" },
      { folder: "tabby", slotId: "tabby-promo", slotClass: "h-24" },
    ]);
  });

  it("has a browser part to draw every widget a profile declares, and none without a declaration", () => {
    const declared = Object.entries(PROVIDER_PROFILES)
      .filter(([, p]) => "promo" in p)
      .map(([folder]) => folder);
    const drawn = Object.entries(PROVIDER_BROWSER)
      .filter(([, b]) => "promo" in b)
      .map(([folder]) => folder);
    expect(declared).toEqual(["tamara", "tabby"]);
    expect(drawn.sort()).toEqual([...declared].sort());
  });
});
