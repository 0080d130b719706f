import { readFileSync } from "node:fs";
import path from "node:path";
import { compile } from "@tailwindcss/node";
import postcss, { type ChildNode, type Root } from "postcss";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "@/components/ui/button";
import { root } from "./helpers/source-files";

// Rule: every button's base is the `btn` utility of app/globals.css. It must style a button exactly
// as the classes it stands for do, and a caller's own class must still win over it, as the class
// merger makes it win over those classes.

const css = readFileSync(path.join(root, "app/globals.css"), "utf8");
/** The classes `btn` stands for (shadcn/ui's base, with this store's focus ring, radius and icon size). */
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-[color,background-color,border-color,box-shadow,opacity] select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-[1.15em] [&_svg]:shrink-0".split(
    " ",
  );

async function utilities(candidates: string[]): Promise<ChildNode[]> {
  const compiler = await compile(css, { base: path.join(root, "app"), onDependency: () => {} });
  const out = postcss.parse(compiler.build(candidates));
  const layers: ChildNode[][] = [];
  out.walkAtRules("layer", (rule) => {
    if (rule.params === "utilities" && rule.nodes?.length) layers.push(rule.nodes);
  });
  if (layers.length !== 1) throw new Error("expected one utilities layer");
  return layers[0];
}

/** Every declaration under `node` as "selector-path | property: value", its own class written `&`. */
function declarations(node: ChildNode | Root, own: string, trail: string[] = []): string[] {
  if (node.type === "decl") return [`${trail.join(" ")} | ${node.prop}: ${node.value}`];
  if (node.type === "rule") {
    const selector = node.selector.startsWith(own) ? "&" + node.selector.slice(own.length) : node.selector;
    trail = [...trail, selector];
  } else if (node.type === "atrule") trail = [...trail, `@${node.name} ${node.params}`];
  return "nodes" in node && node.nodes ? node.nodes.flatMap((child) => declarations(child, own, trail)) : [];
}

/** The class selector Tailwind writes for a candidate (`[&_svg]:size-4` ⇒ `.\[\&_svg\]\:size-4`). */
const classSelector = (candidate: string) => "." + candidate.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);

describe("the btn utility", () => {
  it("is the base buttonVariants gives every button", () => {
    for (const variant of ["default", "outline", "ghost", "link"] as const)
      expect(buttonVariants({ variant }).split(" ")[0]).toBe("btn");
  });

  it("sets exactly what the classes it stands for set, in the same states", async () => {
    const btn = (await utilities(["btn"])).filter((n) => n.type === "rule" && n.selector === ".btn");
    expect(btn).toHaveLength(1);
    const replaced = (await utilities(BASE)).flatMap((n) => {
      // Each class's own rule (possibly nested in a media or supports rule), its class written `&`.
      if (n.type !== "rule") return declarations(n, "");
      const own = BASE.map(classSelector).find((s) => n.selector.startsWith(s));
      return own ? declarations(n, own) : [];
    });
    const mine = declarations(btn[0], ".btn");
    // Nested rules keep the parent's `&`; the classes have their states on the class itself.
    const normal = (lines: string[]) =>
      [...new Set(lines.map((l) => l.replace(/^& &/, "&").replace(/^& (?=[:[])/, "&")))].sort();
    expect(normal(mine)).toEqual(normal(replaced));
  });

  it("comes before every utility a caller may add, so that the caller's wins", async () => {
    // A class for each property the base sets, as callers pass them (Button's className).
    const callers = [
      "hidden",
      "flex",
      "grid",
      "shrink",
      "items-start",
      "justify-start",
      "justify-between",
      "gap-1",
      "gap-3",
      "whitespace-normal",
      "rounded-full",
      "rounded-none",
      "font-bold",
      "font-normal",
      "transition-none",
      "select-text",
      "pointer-events-auto",
      "opacity-60",
      "size-4",
      "w-full",
      "h-auto",
      "disabled:opacity-70",
      "[&_svg]:size-5",
      "focus-visible:outline-none",
    ];
    const order = (await utilities(["btn", ...callers])).flatMap((n) => (n.type === "rule" ? [n.selector] : []));
    expect(order[0]).toBe(".btn");
    for (const caller of callers.filter((c) => !c.includes(":")))
      expect(order.indexOf(classSelector(caller)), caller).toBeGreaterThan(0);
  });
});
