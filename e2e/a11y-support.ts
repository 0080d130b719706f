import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "./test";

// The axe-core that @axe-core/playwright itself depends on (Lighthouse brings another version).
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve("axe-core/axe.min.js"), "utf8");

/** The rule sets QUALITY.md holds the storefront to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Rules run besides the tags' own. axe leaves "label-content-name-mismatch" (WCAG 2.5.3: a
 * control's name starts with its visible words, so voice control finds it) out as experimental;
 * "heading-order" is a best practice, reported here at any impact: a skipped level makes a
 * screen reader's outline of the page look as if something were missing.
 */
const EXTRA_RULES = ["label-content-name-mismatch", "heading-order"];
const ANY_IMPACT = new Set(["heading-order"]);

export type Finding = { where: string; rule: string; impact: string; help: string; targets: string[] };

/**
 * Waits until short animations and transitions have ended (a sheet sliding in, a fading overlay):
 * axe measures colours as they are, and half-faded text would be reported as low contrast. Long
 * or endless ones (the announcement's marquee, skeleton pulses) are not waited for.
 */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState !== "running" || typeof end !== "number" || end > 3000;
    }),
  );
}

/**
 * Runs axe (WCAG 2.1 A and AA) on the page — or only inside `within` (an open sheet: the page
 * under it has its own scan) — and adds every serious or critical violation to `findings`.
 */
export async function scan(page: Page, where: string, findings: Finding[], within?: Locator) {
  await settle(page);
  // axe (650 KB) goes into each document once, not twice per scan as AxeBuilder would send it; legacy
  // mode runs it in the page itself (the default opens a blank page per scan to merge frame results:
  // seconds each on a 2-core machine, and the storefront has no cross-origin frames); only the
  // violations' nodes are serialised.
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  let builder = new AxeBuilder({ page, axeSource: "void 0" })
    .options({
      resultTypes: ["violations"],
      rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
    })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  if (within) {
    await expect(within).toBeVisible();
    const marker = `a11y-${findings.length}-${Date.now()}`;
    await within.evaluate((el, m) => el.setAttribute("data-a11y-scan", m), marker);
    builder = builder.include(`[data-a11y-scan="${marker}"]`);
  }
  const { violations } = await builder.analyze();
  for (const v of violations) {
    if (v.impact !== "serious" && v.impact !== "critical" && !ANY_IMPACT.has(v.id)) continue;
    findings.push({
      where,
      rule: v.id,
      impact: v.impact ?? "minor",
      help: `${v.help} (${v.helpUrl})`,
      targets: v.nodes.map((n) => n.target.join(" ")),
    });
  }
}

/** One readable line per violation: where, rule, impact, what to fix and the elements. */
export const describeFindings = (findings: Finding[]) =>
  findings
    .map(
      (f) =>
        `\n• [${f.where}] ${f.rule} (${f.impact}): ${f.help}\n    ${f.targets.slice(0, 6).join("\n    ")}${f.targets.length > 6 ? `\n    … ${f.targets.length - 6} more` : ""}`,
    )
    .join("");

export function expectNoFindings(findings: Finding[]) {
  expect(findings, `serious or critical axe violations:${describeFindings(findings)}`).toEqual([]);
}
