import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAYMENT_PROVIDERS, PROVIDER_PROFILES } from "@/payment-providers/profiles";
import { root } from "./helpers/source-files";

// A payment provider is one folder (docs/payments.md): nothing outside it names the provider but
// the registries and the texts about it. Read from every file git keeps or would keep (tracked,
// or new and not ignored), so that a new file is held to it before it is committed.

/** Where any provider may be named: the registries, and what is about the product rather than its code. */
const EVERYWHERE = [
  "payment-providers/browser.ts",
  "payment-providers/contract.ts",
  "payment-providers/platform.ts",
  "payment-providers/profiles.ts",
  "payment-providers/browser.ts",
  "messages/",
  "tests/",
  "e2e/",
  "docs/",
  "platform/seed/",
  // The npm SDK the sandbox is checked against (tests/moyasar-sdk.test.ts).
  "package.json",
  "package-lock.json",
];

/** Each provider's name and the folder it belongs to. */
const NAMES = Object.entries(PROVIDER_PROFILES).flatMap(([folder, profile]) =>
  profile.providers.map((name) => ({ name, folder })),
);

function files(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split("\0").filter((f) => f && !f.startsWith("node_modules/"));
}

/** The file is `place`, or under it when `place` is a folder ("lib/"). */
const within = (file: string, place: string) => file === place || (place.endsWith("/") && file.startsWith(place));

/** The files outside the allowed places that name a provider, each with the names it uses. */
function offenders(allowed: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files()) {
    if (allowed.some((place) => within(file, place))) continue;
    let text: string;
    try {
      text = readFileSync(path.join(root, file), "latin1").toLowerCase();
    } catch {
      continue; // deleted in the working tree, not yet in the index
    }
    const named = NAMES.filter(
      ({ name, folder }) => text.includes(name) && !file.startsWith(`payment-providers/${folder}/`),
    );
    if (named.length) found.push(`${file}: ${named.map((n) => n.name).join(", ")}`);
  }
  return found;
}

describe("payment provider names", () => {
  it("are read from the registry and found where they are (a check that finds nothing would pass)", () => {
    expect(NAMES.map((n) => n.name)).toEqual([...PAYMENT_PROVIDERS]);
    const registry = offenders([]).find((line) => line.startsWith("payment-providers/profiles.ts: "));
    for (const folder of Object.keys(PROVIDER_PROFILES)) expect(registry).toContain(folder);
  });

  it("appear only in their own folders, the registries and the texts", () => {
    expect(offenders(EVERYWHERE)).toEqual([]);
  });
});
