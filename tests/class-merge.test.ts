import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { twMerge } from "tailwind-merge";
import { mergeClasses, mergedCacheSize } from "@/lib/class-merge";
import { cn } from "@/lib/cn";

/**
 * lib/class-merge.ts stands in for tailwind-merge in the browser (whose ~8 KB gzip would sit on
 * every page). It must give tailwind-merge's answer for every combination the app can make: the
 * class strings in components/ and app/, each merged with many others (a component's classes with
 * any override).
 */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(p) && !p.endsWith(".test.ts") ? [p] : [];
  });
}

/** String literals that look like Tailwind class lists. */
function classStrings(): string[] {
  const found = new Set<string>();
  for (const file of [...sourceFiles("components"), ...sourceFiles("app")]) {
    for (const m of readFileSync(file, "utf8").matchAll(/"([a-z!\-[][^"\n]{1,400})"/g)) {
      const s = m[1];
      if (
        /^[a-z0-9!\-[\]():/.%_,#&>*=]+(?: [a-z0-9!\-[\]():/.%_,#&>*=]+)*$/.test(s) &&
        /(?:^|[ :])(?:[a-z]+-|flex|grid|hidden|block|relative|absolute|border|rounded|shadow|truncate)/.test(s)
      )
        found.add(s);
    }
  }
  return [...found];
}

describe("class merge", () => {
  it("agrees with tailwind-merge on the app's class lists, each merged with 60 others", () => {
    const list = classStrings();
    expect(list.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (let i = 0; i < list.length; i++)
      for (let k = 0; k < 60; k++) {
        const [a, b] = [list[i], list[(i * 7 + k * 13) % list.length]];
        if (a === b) continue; // a list merged with itself is no combination the app makes
        const want = twMerge(a, b);
        const got = mergeClasses(`${a} ${b}`);
        if (got !== want && differ.length < 10)
          differ.push(`${a} + ${b}\n  tailwind-merge: ${want}\n  ours:           ${got}`);
      }
    expect(differ).toEqual([]);
  });

  it.each([
    ["px-4 py-2 px-2", "py-2 px-2"],
    ["p-2 px-4", "p-2 px-4"],
    ["px-4 p-2", "p-2"],
    ["h-9 w-9 size-10", "size-10"],
    ["size-10 h-9", "size-10 h-9"],
    ["text-sm text-primary text-lg", "text-primary text-lg"],
    ["text-start rtl:text-end text-center", "rtl:text-end text-center"],
    ["font-medium font-display font-bold", "font-display font-bold"],
    ["rounded-lg rounded-t-none rounded-full", "rounded-full"],
    ["border border-border border-2 border-dashed", "border-border border-2 border-dashed"],
    ["hover:bg-muted bg-card hover:bg-primary", "bg-card hover:bg-primary"],
    ["inset-0 top-2", "inset-0 top-2"],
    ["top-2 inset-0", "inset-0"],
    ["block flex hidden", "hidden"],
    ["shrink-0 flex-1", "flex-1"],
    ["bg-card bg-[radial-gradient(circle,red,blue)]", "bg-card bg-[radial-gradient(circle,red,blue)]"],
    ["ring-offset-2 ring-offset-card ring-2 ring-primary", "ring-offset-2 ring-offset-card ring-2 ring-primary"],
    ["!px-2 px-4", "!px-2 px-4"],
    ["tabular tabular", "tabular tabular"],
    ["leading-tight text-lg", "text-lg"],
    ["isolate relative isolation-auto", "relative isolation-auto"],
    ["snap-x snap-mandatory snap-y snap-center snap-start", "snap-mandatory snap-y snap-start"],
  ])("%s ⇒ %s (as tailwind-merge)", (input, expected) => {
    expect(twMerge(input)).toBe(expected);
    expect(mergeClasses(input)).toBe(expected);
  });

  it("keeps its answers, bounded: the same input answers the same after 2,000 others have pushed it out", () => {
    const input = "inline-flex px-4 h-11 text-sm px-2 h-9";
    const first = mergeClasses(input);
    expect(mergeClasses(input)).toBe(first);
    for (let i = 0; i < 2000; i++) expect(mergeClasses(`px-${i % 9} mt-${i} p-${i}`)).toBe(`mt-${i} p-${i}`);
    expect(mergedCacheSize()).toBeLessThanOrEqual(500);
    expect(mergeClasses(input)).toBe(first);
    expect(first).toBe(twMerge(input));
  });

  it("cn joins conditional classes and merges them", () => {
    const off = false as boolean;
    expect(cn("px-4 text-sm", off && "hidden", { "px-2": true, "font-bold": false }, ["text-lg"])).toBe("px-2 text-lg");
  });
});
