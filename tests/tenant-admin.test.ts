import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { tenantPaymentAccounts, tenants } from "@/platform/db/schema";
import { toTenantConfig } from "@/contract/tenant-settings";
import { PlatformError } from "@/platform/errors";
import { loadPaymentAccounts } from "@/platform/payments/accounts";
import { gatewayOf, providerApi } from "@/platform/payments/gateways";
import { canonicalHost, resolveTenantByHost } from "@/platform/services/tenants";
import {
  addTenant,
  attachDomain,
  checkSlug,
  listTenants,
  normaliseDomain,
  removeDomain,
  setSettings,
  settingsIssuesOf,
} from "@/platform/services/tenant-admin";
import {
  maskSecret,
  removePaymentAccount,
  setPaymentAccount,
  showTenant,
} from "@/platform/services/tenant-admin-payments";
import { checkSettings } from "@/platform/services/tenant-settings-check";
import { coffeeSettings, spaSettings } from "@/platform/seed/demo";
import { SPA_PAYMENT_ACCOUNTS } from "@/platform/seed/demo-payments";
import { describeEachDb } from "./helpers/test-db";

const opts = { baseDomain: "example.com" };

/** The PlatformError a call fails with (the CLI prints its message and issues, exit 1). */
async function refusal(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe("settings checks (the storefront's schema and parsers, at write time)", () => {
  it("accepts both demo tenants' settings as they are", () => {
    expect(checkSettings(spaSettings, { allowNull: false })).toMatchObject({ ok: true });
    expect(checkSettings(coffeeSettings, { allowNull: false })).toMatchObject({ ok: true });
  });

  it("names every invalid key with what the storefront would do with it", () => {
    const result = checkSettings(
      {
        cashEnabled: "true",
        taxPercentage: 15,
        madaEnable: "True",
        frontendLanguages: "ar,fr",
        gtmId: "GTM-<x>",
        moyasarPublicTokenKey: "sk_live_x",
        cartMinimumAmount: "12.5",
        brandName: "ok",
      },
      { allowNull: false },
    );
    expect(result.ok).toBe(false);
    const issues = Object.fromEntries(!result.ok ? result.issues.map((i) => [i.key, i.message]) : []);
    expect(Object.keys(issues)).toEqual([
      "cashEnabled",
      "taxPercentage",
      "madaEnable",
      "frontendLanguages",
      "gtmId",
      "moyasarPublicTokenKey",
      "cartMinimumAmount",
    ]);
    expect(issues.cashEnabled).toMatch(/exact text "True"/);
    expect(issues.taxPercentage).toBe('must be a string: write "15"');
    expect(issues.madaEnable).toMatch(/did you mean "madaEnabled"/);
    expect(issues.frontendLanguages).toMatch(/"fr"/);
    expect(issues.moyasarPublicTokenKey).toMatch(/secret key/);
  });

  it("refuses a tax rate written as a fraction (0.15 would charge 0.15 %), and takes 0 and whole percentages", () => {
    const issue = (taxPercentage: string) => {
      const result = checkSettings({ taxPercentage }, { allowNull: false });
      return result.ok ? null : result.issues[0].message;
    };
    expect(issue("0.15")).toBe('would be 0.15% VAT: write the percentage, "15" for 15% (not a fraction)');
    expect(issue(".05")).toMatch(/not a fraction/);
    expect([issue("15"), issue("0"), issue("5"), issue("12.5")]).toEqual([null, null, null, null]);
  });

  it("refuses seller facts the footer and the invoice could not show as they are", () => {
    const result = checkSettings(
      {
        vatNumber: "30012345",
        crNumber: "CR-1010",
        contactPhone: "ring us",
        contactEmail: "care@",
        addressAr: "الرياض",
      },
      { allowNull: false },
    );
    const issues = Object.fromEntries(!result.ok ? result.issues.map((i) => [i.key, i.message]) : []);
    expect(Object.keys(issues)).toEqual(["vatNumber", "crNumber", "contactPhone", "contactEmail"]);
    expect(issues.vatNumber).toMatch(/15 digits/);
  });

  it("reads merchandise return days and delivery days as the product page's search data states them", () => {
    const bad = checkSettings({ returnDays: "two weeks", deliveryDays: "5-2" }, { allowNull: false });
    expect(!bad.ok && bad.issues.map((i) => i.key)).toEqual(["returnDays", "deliveryDays"]);
    expect(checkSettings({ returnDays: "0", deliveryDays: "1–3" }, { allowNull: false }).ok).toBe(true);
    expect(toTenantConfig({ returnDays: "14", deliveryDays: " 1 - 3 " }).merchandisePolicy).toEqual({
      returnDays: 14,
      deliveryDays: { min: 1, max: 3 },
    });
    expect(toTenantConfig({ returnDays: "366", deliveryDays: "61" }).merchandisePolicy).toEqual({
      returnDays: null,
      deliveryDays: null,
    });
  });

  it("takes null as 'remove' in a merge only", () => {
    expect(checkSettings({ brandName: null }, { allowNull: true })).toEqual({
      ok: true,
      change: { set: {}, remove: ["brandName"] },
    });
    expect(checkSettings({ brandName: null }, { allowNull: false }).ok).toBe(false);
    expect(checkSettings(["brandName"], { allowNull: true }).ok).toBe(false);
  });

  it("slugs are DNS labels; domains are public host names outside BASE_DOMAIN", () => {
    expect(checkSlug("rimal-spa2")).toBe("rimal-spa2");
    for (const bad of ["Rimal", "-spa", "spa-", "sp a", "spa_1", "a--b", "", "x".repeat(64)])
      expect(() => checkSlug(bad), bad).toThrow(PlatformError);
    expect(normaliseDomain(" Shop.Rimal.SA. ", opts)).toBe("shop.rimal.sa");
    expect(normaliseDomain("مثال.السعودية", opts)).toMatch(/^xn--/);
    for (const bad of [
      "https://rimal.sa",
      "rimal.sa:443",
      "localhost",
      "10.0.0.1",
      "-a.sa",
      "spa.example.com",
      "example.com",
    ])
      expect(() => normaliseDomain(bad, opts), bad).toThrow(PlatformError);
  });

  it("masks secrets to their kind and last 4 characters at most", () => {
    expect(maskSecret("sk_live_abcdefghijklmnop1234")).toBe("sk_live_…1234");
    expect(maskSecret("tamara_token_0123456789")).toBe("…6789");
    expect(maskSecret("short")).toBe("…");
  });
});

describeEachDb("tenant admin", (t) => {
  it("adds a tenant whose settings the storefront reads and whose address resolves", async () => {
    const created = await addTenant(t().db, {
      slug: "dates-shop",
      name: " Dates Shop ",
      settings: { frontendLanguages: "ar,en", cashEnabled: "True" },
    });
    expect(created).toMatchObject({ slug: "dates-shop", name: "Dates Shop" });
    const row = await resolveTenantByHost(t().db, "dates-shop.example.com", {
      baseDomain: "example.com",
      defaultSlug: "spa",
    });
    expect(row?.id).toBe(created.id);
    const config = toTenantConfig(row!.settings);
    expect(config.languages).toEqual(["ar", "en"]);
    expect(config.enabledPaymentMethods).toEqual(["CASH"]);
  });

  it("refuses a duplicate slug, and a tenant with invalid settings is not created", async () => {
    const before = await t().db.select().from(tenants);
    expect((await refusal(addTenant(t().db, { slug: "spa", name: "Another spa" }))).code).toBe(
      "SP:TenantAlreadyExists",
    );
    const invalid = await refusal(
      addTenant(t().db, { slug: "new-one", name: "New", settings: { cashEnabled: "yes" } }),
    );
    expect(settingsIssuesOf(invalid).map((i) => i.key)).toEqual(["cashEnabled"]);
    expect(await t().db.select().from(tenants)).toEqual(before);
  });

  it("attaches a custom domain, refuses one of another tenant, and removes it", async () => {
    const { db, spa } = t();
    expect(await attachDomain(db, "spa", "Rimal.SA", opts)).toEqual({ domain: "rimal.sa", alreadyAttached: false });
    expect(await attachDomain(db, "spa", "rimal.sa", opts)).toEqual({ domain: "rimal.sa", alreadyAttached: true });
    expect((await resolveTenantByHost(db, "rimal.sa", { baseDomain: "example.com", defaultSlug: "coffee" }))?.id).toBe(
      spa.id,
    );
    // The first custom domain becomes the store's canonical host; a second one does not take its place.
    expect(await canonicalHost(db, spa, "Example.com")).toBe("rimal.sa");
    vi.setSystemTime(Date.now() + 60_000); // attached later (PGlite's clock is the suite's Date)
    await new Promise((r) => setTimeout(r, 5));
    await attachDomain(db, "spa", "rimal-wellness.sa", opts);
    expect(await canonicalHost(db, spa, "example.com")).toBe("rimal.sa");
    await removeDomain(db, "spa", "rimal-wellness.sa", opts);
    const taken = await refusal(attachDomain(db, "coffee", "rimal.sa", opts));
    expect(taken.code).toBe("SP:DomainTaken");
    expect(taken.message).toMatch(/belongs to the tenant "spa"/);
    expect((await refusal(removeDomain(db, "coffee", "rimal.sa", opts))).status).toBe(404);
    await removeDomain(db, "spa", "rimal.sa", opts);
    expect(await resolveTenantByHost(db, "rimal.sa", { baseDomain: "example.com", defaultSlug: "coffee" })).toBeNull();
    expect(await canonicalHost(db, spa, "Example.com")).toBe("spa.example.com");
    expect((await refusal(attachDomain(db, "nobody", "nobody.sa", opts))).code).toBe("SP:TenantNotFound");
  });

  it("rejects invalid settings listing each key, and changes nothing", async () => {
    const { db, coffee } = t();
    const read = async () =>
      (await db.select({ s: tenants.settings }).from(tenants).where(eq(tenants.id, coffee.id)))[0].s;
    const before = await read();
    const err = await refusal(
      setSettings(db, "coffee", { brandName: "New name", cartType: "fast", visaEnabled: true }, { replace: false }),
    );
    expect(err.message).toMatch(/2 invalid settings; nothing was changed/);
    expect(settingsIssuesOf(err).map((i) => i.key)).toEqual(["cartType", "visaEnabled"]);
    expect(await read()).toEqual(before);
  });

  it("merges settings (null removes a key) or replaces the whole map", async () => {
    const { db } = t();
    await addTenant(db, {
      slug: "merge-me",
      name: "Merge",
      settings: { brandName: "A", cashEnabled: "True", hideBranches: "True" },
    });
    const merged = await setSettings(
      db,
      "merge-me",
      { brandName: "B", hideBranches: null, taxEnabled: "True" },
      { replace: false },
    );
    expect(merged).toEqual({ added: ["taxEnabled"], changed: ["brandName"], removed: ["hideBranches"], unchanged: 1 });
    const read = async () =>
      (await db.select({ s: tenants.settings }).from(tenants).where(eq(tenants.slug, "merge-me")))[0].s;
    expect(await read()).toEqual({ brandName: "B", cashEnabled: "True", taxEnabled: "True" });
    await setSettings(db, "merge-me", { brandName: "C" }, { replace: true });
    expect(await read()).toEqual({ brandName: "C" });
  });

  it("switches a provider from the sandbox to the live API in one call, keys and publishable key together", async () => {
    const { db, spa } = t();
    const sandboxOff = { enabled: false, origin: "http://127.0.0.1:1" };
    // The demo account points at the sandbox: with sandboxes off (production) it is not configured.
    const demo = await loadPaymentAccounts(db, spa.id);
    expect(() => providerApi(demo, "moyasar", sandboxOff)).toThrow(/not configured/);
    const live = {
      secretKey: "sk_live_0123456789abcdefWXYZ",
      webhookSecret: "whsec_live_0123456789abcd",
      publishableKey: "pk_live_0123456789abcdef",
    };
    const result = await setPaymentAccount(db, "spa", "moyasar", live, "live");
    expect(result).toEqual({ provider: "moyasar", api: "live", settings: ["moyasarPublicTokenKey"], warnings: [] });
    const accounts = await loadPaymentAccounts(db, spa.id);
    expect(providerApi(accounts, "moyasar", sandboxOff)).toEqual({
      account: { secretKey: live.secretKey, webhookSecret: live.webhookSecret },
      baseUrl: gatewayOf("moyasar").api.live,
    });
    expect(accounts.tabby).toEqual(SPA_PAYMENT_ACCOUNTS.tabby);
    const [row] = await db.select({ s: tenants.settings }).from(tenants).where(eq(tenants.id, spa.id));
    expect(row.s.moyasarPublicTokenKey).toBe(live.publishableKey);
  });

  it("refuses a keys file that is wrong in any way and changes nothing", async () => {
    const { db, coffee } = t();
    const accountsBefore = await db.select().from(tenantPaymentAccounts);
    const mismatch = await refusal(
      setPaymentAccount(
        db,
        "coffee",
        "moyasar",
        { secretKey: "sk_live_abcdefghijklmnop", publishableKey: "pk_test_abcdefghijklmnop" },
        "live",
      ),
    );
    expect(mismatch.message).toMatch(/do not pair/);
    const stray = await refusal(
      setPaymentAccount(db, "coffee", "tabby", { secretKey: "sk_x", baseUrl: "https://x" }, "live"),
    );
    expect(settingsIssuesOf(stray)[0]).toMatchObject({
      key: "baseUrl",
      message: expect.stringMatching(/--live, --sandbox or --base-url/),
    });
    const publishable = await refusal(setPaymentAccount(db, "coffee", "tabby", { secretKey: "pk_test_abc" }, "live"));
    expect(settingsIssuesOf(publishable)[0].key).toBe("secretKey");
    expect(
      (await refusal(setPaymentAccount(db, "coffee", "tamara", { secretKey: "t" }, { url: "ftp://x" }))).message,
    ).toMatch(/Invalid base URL/);
    expect(await db.select().from(tenantPaymentAccounts)).toEqual(accountsBefore);
    expect((await refusal(removePaymentAccount(db, "coffee", "tabby"))).status).toBe(404);
    expect(coffee.slug).toBe("coffee");
  });

  it("lists and shows tenants without a secret: modes in list, masked keys and webhook URLs in show", async () => {
    const { db } = t();
    await setPaymentAccount(
      db,
      "coffee",
      "tamara",
      { secretKey: "tamara_api_token_secret_1", webhookSecret: "tamara_notification_secret_2" },
      { url: "https://api-sandbox.tamara.co" },
    );
    await attachDomain(db, "coffee", "bunn.sa", opts);
    const list = await listTenants(db);
    const coffee = list.find((x) => x.slug === "coffee")!;
    expect(coffee).toEqual({
      slug: "coffee",
      name: "Bunn Roastery",
      domains: ["bunn.sa"],
      languages: ["ar"],
      providers: { tamara: { url: "https://api-sandbox.tamara.co" } },
    });
    expect(list.find((x) => x.slug === "spa")!.providers).toMatchObject({ moyasar: "live", tabby: "sandbox" });
    const shown = await showTenant(db, "coffee", opts);
    expect(shown.addresses).toEqual(["coffee.example.com", "bunn.sa"]);
    expect(shown.payments).toEqual([
      {
        provider: "tamara",
        api: { url: "https://api-sandbox.tamara.co" },
        secretKey: "…et_1",
        webhookSecret: "…et_2",
        applePayDomainAssociation: false,
        webhookUrl: "https://bunn.sa/api/app/payment/webhooks/tamara",
      },
    ]);
    const everything = JSON.stringify([list, shown, await showTenant(db, "spa", opts)]);
    const secrets = [
      "tamara_api_token_secret_1",
      "tamara_notification_secret_2",
      "sk_live_0123456789abcdefWXYZ",
      ...Object.values(SPA_PAYMENT_ACCOUNTS).flatMap((a) => [a!.secretKey, a!.webhookSecret!]),
      SPA_PAYMENT_ACCOUNTS.moyasar!.applePayDomainAssociation!,
    ];
    for (const s of secrets) expect(everything, s).not.toContain(s);
  });
});
