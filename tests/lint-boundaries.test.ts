import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint configuration keeps dependencies pointing one way (docs/ARCHITECTURE.md, decision 11):
 * app, components → lib → contract ← platform, with server/ (the server side's shared parts) under
 * lib and platform, and rules/ under everything; a payment provider's folder has a part in three
 * of those layers (docs/payments.md). Each case lints a file that does not exist at a real
 * path, as `npm run lint` would lint it there.
 */

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

const importing = (what: string, from: string) => `import { ${what} } from "${from}";\nexport const probe = ${what};\n`;

describe("layer boundaries", { timeout: 60_000 }, () => {
  it("refuses a platform file importing from components/", async () => {
    expect(await boundaryErrors("platform/services/probe.ts", importing("Button", "@/components/ui/button"))).toEqual([
      expect.stringContaining('"platform" to elements of type "components"'),
    ]);
  });

  it("refuses a platform file importing the storefront's lib/ or app/", async () => {
    expect(await boundaryErrors("platform/services/probe.ts", importing("cn", "@/lib/cn"))).toHaveLength(1);
    expect(
      await boundaryErrors("platform/api/probe.ts", importing("dynamic", "@/app/api/[...path]/route")),
    ).toHaveLength(1);
  });

  it("refuses contract/ importing either side", async () => {
    expect(await boundaryErrors("contract/probe.ts", importing("cn", "@/lib/cn"))).toHaveLength(1);
    expect(await boundaryErrors("contract/probe.ts", importing("PlatformError", "@/platform/errors"))).toHaveLength(1);
  });

  it("refuses storefront code reaching into the platform", async () => {
    expect(await boundaryErrors("lib/probe.ts", importing("platformDb", "@/platform/db"))).toHaveLength(1);
    expect(await boundaryErrors("components/probe.tsx", importing("platformDb", "@/platform/db"))).toHaveLength(1);
    expect(await boundaryErrors("app/[site]/[locale]/probe.ts", importing("platformDb", "@/platform/db"))).toHaveLength(
      1,
    );
    expect(await boundaryErrors("lib/probe.ts", importing("Button", "@/components/ui/button"))).toHaveLength(1);
  });

  it("allows the one-way dependencies", async () => {
    expect(await boundaryErrors("platform/services/probe.ts", importing("platformApi", "@/contract/api"))).toEqual([]);
    expect(await boundaryErrors("lib/probe.ts", importing("platformApi", "@/contract/api"))).toEqual([]);
    expect(await boundaryErrors("components/probe.tsx", importing("cn", "@/lib/cn"))).toEqual([]);
    expect(await boundaryErrors("app/[site]/[locale]/probe.ts", importing("Button", "@/components/ui/button"))).toEqual(
      [],
    );
  });

  it("lets only the routes hosting the platform import it", async () => {
    expect(await boundaryErrors("app/api/app/[...path]/probe.ts", importing("platformDb", "@/platform/db"))).toEqual(
      [],
    );
    expect(await boundaryErrors("app/sandbox/probe.ts", importing("platformDb", "@/platform/db"))).toEqual([]);
  });

  it("keeps rules/ below everything and server/ off the browser's side", async () => {
    expect(await boundaryErrors("rules/probe.ts", importing("platformApi", "@/contract/api"))).toHaveLength(1);
    expect(await boundaryErrors("rules/probe.ts", importing("env", "@/server/env"))).toHaveLength(1);
    expect(await boundaryErrors("contract/probe.ts", importing("env", "@/server/env"))).toHaveLength(1);
    expect(await boundaryErrors("server/probe.ts", importing("cn", "@/lib/cn"))).toHaveLength(1);
    expect(await boundaryErrors("server/probe.ts", importing("platformDb", "@/platform/db"))).toHaveLength(1);
    expect(await boundaryErrors("components/probe.tsx", importing("env", "@/server/env"))).toHaveLength(1);
    expect(await boundaryErrors("contract/probe.ts", importing("singleLine", "@/rules/text"))).toEqual([]);
    expect(await boundaryErrors("components/probe.tsx", importing("normalizePhone", "@/rules/phone-number"))).toEqual(
      [],
    );
    expect(await boundaryErrors("platform/services/probe.ts", importing("env", "@/server/env"))).toEqual([]);
    expect(await boundaryErrors("lib/probe.ts", importing("env", "@/server/env"))).toEqual([]);
  });

  it("keeps a payment provider's contract part on the contract's side", async () => {
    const contractPart = "payment-providers/probe/contract.ts";
    expect(await boundaryErrors(contractPart, importing("endpoint", "@/contract/endpoint"))).toEqual([]);
    expect(await boundaryErrors(contractPart, importing("singleLine", "@/rules/text"))).toEqual([]);
    expect(await boundaryErrors(contractPart, importing("PlatformError", "@/platform/errors"))).toHaveLength(1);
    expect(await boundaryErrors(contractPart, importing("cn", "@/lib/cn"))).toHaveLength(1);
    expect(await boundaryErrors(contractPart, importing("env", "@/server/env"))).toHaveLength(1);
    expect(
      await boundaryErrors(contractPart, importing("tabbyGateway", "@/payment-providers/tabby/gateway")),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("payment-providers/probe/profile.ts", importing("platformApi", "@/contract/api")),
    ).toEqual([]);
    expect(await boundaryErrors("payment-providers/profiles.ts", importing("cn", "@/lib/cn"))).toHaveLength(1);
    expect(
      await boundaryErrors("contract/probe.ts", importing("PROVIDER_CONTRACTS", "@/payment-providers/contract")),
    ).toEqual([]);
    expect(
      await boundaryErrors("contract/probe.ts", importing("tamaraProfile", "@/payment-providers/tamara/profile")),
    ).toEqual([]);
    expect(
      await boundaryErrors("contract/probe.ts", importing("GATEWAYS", "@/payment-providers/platform")),
    ).toHaveLength(1);
  });

  it("keeps a payment provider's server part on the platform's side", async () => {
    const serverPart = "payment-providers/probe/gateway.ts";
    expect(await boundaryErrors(serverPart, importing("platformDb", "@/platform/db"))).toEqual([]);
    expect(await boundaryErrors(serverPart, importing("env", "@/server/env"))).toEqual([]);
    expect(await boundaryErrors(serverPart, importing("platformApi", "@/contract/api"))).toEqual([]);
    expect(await boundaryErrors(serverPart, importing("tabbyContract", "@/payment-providers/tabby/contract"))).toEqual(
      [],
    );
    expect(await boundaryErrors(serverPart, importing("cn", "@/lib/cn"))).toHaveLength(1);
    expect(await boundaryErrors(serverPart, importing("Button", "@/components/ui/button"))).toHaveLength(1);
    expect(
      await boundaryErrors("platform/api/probe.ts", importing("GATEWAYS", "@/payment-providers/platform")),
    ).toEqual([]);
    expect(
      await boundaryErrors("app/sandbox/probe.ts", importing("SANDBOXES", "@/payment-providers/platform")),
    ).toEqual([]);
    for (const storefront of ["lib/probe.ts", "components/probe.tsx", "app/[site]/[locale]/probe.ts"])
      expect(
        await boundaryErrors(storefront, importing("tabbyGateway", "@/payment-providers/tabby/gateway")),
        storefront,
      ).toHaveLength(1);
  });

  it("keeps a payment provider's browser part on the components' side", async () => {
    const browserPart = "payment-providers/probe/browser/probe.tsx";
    expect(await boundaryErrors(browserPart, importing("Button", "@/components/ui/button"))).toEqual([]);
    expect(await boundaryErrors(browserPart, importing("cn", "@/lib/cn"))).toEqual([]);
    expect(await boundaryErrors(browserPart, importing("tabbyContract", "@/payment-providers/tabby/contract"))).toEqual(
      [],
    );
    expect(await boundaryErrors(browserPart, importing("platformDb", "@/platform/db"))).toHaveLength(1);
    expect(await boundaryErrors(browserPart, importing("env", "@/server/env"))).toHaveLength(1);
    expect(
      await boundaryErrors(browserPart, importing("tabbyGateway", "@/payment-providers/tabby/gateway")),
    ).toHaveLength(1);
    // The components import the browser parts (their registry, or a part); the server's layers do not.
    for (const [from, name, spec] of [
      ["components/probe.tsx", "PROVIDER_BROWSER", "@/payment-providers/browser"],
      ["components/probe.tsx", "moyasarBrowser", "@/payment-providers/moyasar/browser"],
    ])
      expect(await boundaryErrors(from, importing(name, spec)), from).toEqual([]);
    for (const from of ["lib/probe.ts", "contract/probe.ts", "platform/services/probe.ts", "server/probe.ts"])
      expect(
        await boundaryErrors(from, importing("PROVIDER_BROWSER", "@/payment-providers/browser")),
        from,
      ).toHaveLength(1);
  });

  it("refuses a value kept on globalThis anywhere but the process's declared channels", async () => {
    const probe = "export const probe = (globalThis as { shared?: number }).shared;\n";
    for (const file of ["lib/probe.ts", "platform/services/probe.ts", "server/probe.ts", "components/probe.tsx"]) {
      const [result] = await eslint.lintText(probe, { filePath: path.join(root, file) });
      expect(
        result.messages.map((m) => m.ruleId),
        file,
      ).toContain("no-restricted-globals");
    }
  });
});
