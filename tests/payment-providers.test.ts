import { describe, expect, it } from "vitest";
import { platformApi } from "@/contract/api";
import { PaymentProvider, SettlementDto } from "@/contract/dto/payments";
import { PaymentEndpoints } from "@/contract/dto/tenants";
import { payments } from "@/contract/endpoints/payments";
import { ERROR_CODES } from "@/contract/errors";
import { PAYMENT_METHODS, SETTINGS_KEYS } from "@/contract/tenant-settings";
import { PROVIDER_CONTRACTS, PROVIDER_ENDPOINTS } from "@/payment-providers/contract";
import { GATEWAYS, PROVIDER_HANDLERS, PROVIDER_SERVERS, SANDBOXES } from "@/payment-providers/platform";
import { BROWSER_ASSETS, PAYMENT_PROVIDERS, PROVIDER_PROFILES } from "@/payment-providers/profiles";
import { contentSecurityPolicy } from "@/lib/security/csp";
import { registeredRoutes } from "@/platform/api/router";

// The payment providers' three registries (docs/payments.md) list the same folders, each folder's
// parts fit the others', and together they serve every platform path of spec §7's payments.

/** Spec §7's platform calls that pay a cart, each with the method it is declared under. */
const SPEC_PATHS = [
  "POST payment/moyasar/session",
  "POST tamara/cart-session",
  "POST tabby/session",
  "POST tabby/test-customer-eligibility",
  "POST payment/initiate-session/:cartId",
  "POST payment/execute-cart-payment",
  "POST payment/:cartId/callback-payment",
];

const folders = Object.keys(PROVIDER_PROFILES).sort();
const contracts = Object.entries(PROVIDER_CONTRACTS);
const servers = Object.entries(PROVIDER_SERVERS);

describe("the payment provider registries", () => {
  it("list the same folders, each folder's contract part built on its own profile", () => {
    expect(Object.keys(PROVIDER_CONTRACTS).sort()).toEqual(folders);
    expect(Object.keys(PROVIDER_SERVERS).sort()).toEqual(folders);
    for (const [folder, contract] of contracts)
      expect(contract.profile, folder).toBe(PROVIDER_PROFILES[folder as keyof typeof PROVIDER_PROFILES]);
  });

  it("have one list of providers, which the DTOs, the webhooks' path and the gateways all use", () => {
    const declared = Object.values(PROVIDER_PROFILES).flatMap((p) => p.providers);
    expect([...PAYMENT_PROVIDERS]).toEqual(declared);
    expect(new Set(declared).size).toBe(declared.length);
    expect(PaymentProvider.options).toEqual([...PAYMENT_PROVIDERS]);
    expect(SettlementDto.shape.provider.unwrap().options).toEqual([...PAYMENT_PROVIDERS]);
    expect(payments.webhook.params.shape.provider.options).toEqual([...PAYMENT_PROVIDERS]);
    expect(Object.keys(GATEWAYS).sort()).toEqual([...PAYMENT_PROVIDERS].sort());
    for (const [folder, server] of servers) {
      const profile = PROVIDER_PROFILES[folder as keyof typeof PROVIDER_PROFILES];
      expect(Object.keys(server.gateways).sort(), folder).toEqual([...profile.providers].sort());
      for (const [name, gateway] of Object.entries(server.gateways)) expect(gateway.name, folder).toBe(name);
    }
  });

  it("serve every spec path of the payments, each by a handler of the provider that declares it", () => {
    const routes = new Set(registeredRoutes().map((r) => r.key));
    const declared = Object.entries(platformApi.payments).map(([key, spec]) => ({
      key,
      route: `${spec.method} ${spec.path}`,
    }));
    for (const path of SPEC_PATHS) {
      const endpoint = declared.find((e) => e.route === path);
      expect(endpoint, path).toBeDefined();
      expect(routes.has(`payments.${endpoint!.key}`), path).toBe(true);
    }
    for (const [folder, contract] of contracts) {
      const server = PROVIDER_SERVERS[folder as keyof typeof PROVIDER_SERVERS];
      expect(Object.keys(server.handlers).sort(), folder).toEqual(Object.keys(contract.endpoints).sort());
    }
    expect(Object.keys(PROVIDER_HANDLERS).sort()).toEqual(Object.keys(PROVIDER_ENDPOINTS).sort());
  });

  it("join the payments group without one endpoint hiding another's", () => {
    const names = [...Object.keys(payments), ...contracts.flatMap(([, c]) => Object.keys(c.endpoints))];
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(platformApi.payments).sort()).toEqual(names.sort());
  });

  it("add their words to the contract's vocabularies", () => {
    for (const [folder, contract] of contracts) {
      const { profile } = contract;
      for (const method of contract.methods) expect(PAYMENT_METHODS, folder).toContain(method);
      for (const method of "payLater" in profile ? profile.payLater : []) {
        expect(PAYMENT_METHODS, folder).toContain(method);
        expect(contract.methods, folder).toContain(method);
      }
      for (const key of Object.keys(profile.settings)) expect(SETTINGS_KEYS, folder).toContain(key);
      for (const code of Object.keys(profile.codes)) expect(ERROR_CODES, folder).toContain(code);
    }
    expect(Object.keys(PaymentEndpoints.shape).sort()).toEqual(BROWSER_ASSETS.map((a) => a.field).sort());
    for (const gateway of Object.values(GATEWAYS))
      for (const key of Object.values(gateway.keysFile.publicFields))
        expect(SETTINGS_KEYS, gateway.name).toContain(key);
  });

  it("declare the hosts the browser reaches that the pages' policy lets in", () => {
    const policy = Object.fromEntries(
      contentSecurityPolicy({ nonce: "n" })
        .split("; ")
        .map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
    );
    const DIRECTIVE = { frame: "frame-src", connect: "connect-src", form: "form-action" } as const;
    for (const asset of BROWSER_ASSETS) {
      for (const [what, directive] of Object.entries(DIRECTIVE))
        for (const host of asset.origins.live[what as keyof typeof DIRECTIVE] ?? [])
          expect(policy[directive], `${asset.field} ${directive}`).toContain(host);
      for (const host of asset.origins.live.script ?? []) expect(host, asset.field).toMatch(/^https:/);
    }
  });

  it("have a sandbox at every gateway's sandbox address and a browser asset's", () => {
    const sandboxOf = (address: string) => /^\/sandbox\/([^/]+)\//.exec(`${address}/`)?.[1];
    for (const gateway of Object.values(GATEWAYS))
      expect(Object.keys(SANDBOXES), gateway.name).toContain(sandboxOf(gateway.api.sandboxPath));
    for (const asset of BROWSER_ASSETS) expect(Object.keys(SANDBOXES), asset.field).toContain(sandboxOf(asset.sandbox));
  });
});
