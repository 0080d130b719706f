import { describe, expect, it } from "vitest";
import { toTenantConfig } from "@/contract/tenant-settings";
import { promoWidgets } from "./promo-widgets";

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

describe("pay-later promo widgets on the product page (spec §2)", () => {
  it("shows both when each provider is enabled with its keys and has a script", () => {
    expect(promoWidgets(toTenantConfig(settings), payments, 120)).toEqual({
      tabby: { scriptUrl: payments.tabbyCardScriptUrl, publicKey: "pk_tabby", merchantCode: "rimal_sa" },
      tamara: { scriptUrl: payments.tamaraWidgetScriptUrl, publicKey: "pk_tamara" },
    });
  });

  it("needs Tabby's public key and merchant code, and Tamara's merchant code (showTamaraPromo)", () => {
    expect(promoWidgets(toTenantConfig({ ...settings, tabbyMerchantCode: "" }), payments, 120).tabby).toBeNull();
    expect(promoWidgets(toTenantConfig({ ...settings, tabbyPublicKey: " " }), payments, 120).tabby).toBeNull();
    expect(promoWidgets(toTenantConfig({ ...settings, tamaraMerchantCode: "" }), payments, 120).tamara).toBeNull();
    expect(
      promoWidgets(toTenantConfig({ ...settings, tabbyEnabled: "true", tamaraEnabled: "False" }), payments, 120),
    ).toEqual({ tabby: null, tamara: null });
  });

  it("shows nothing without the provider's script or a price to split", () => {
    expect(
      promoWidgets(
        toTenantConfig(settings),
        { ...payments, tabbyCardScriptUrl: null, tamaraWidgetScriptUrl: null },
        120,
      ),
    ).toEqual({ tabby: null, tamara: null });
    expect(promoWidgets(toTenantConfig(settings), payments, 0)).toEqual({ tabby: null, tamara: null });
  });
});
