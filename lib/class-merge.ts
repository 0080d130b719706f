/**
 * A small Tailwind class merger for the browser bundle: a later class overrides an earlier one of
 * the same utility group under the same variants (`px-4 … px-2` ⇒ `px-2`, `p-2 … px-4` keeps both,
 * `px-4 … p-2` ⇒ `p-2`). It knows the utility groups this app's components combine; a class it does
 * not know is always kept. tailwind-merge does the same with a ~8 KB gzip configuration of every
 * Tailwind utility, which would sit in every page's first load; tests/class-merge.test.ts holds this
 * merger to tailwind-merge's answers on the app's own combinations.
 */

const SIDES = "(?:x|y|t|r|b|l|s|e)";
const FONT_SIZES = /^(?:xs|sm|base|lg|[2-9]?xl)(?:\/.+)?$/;
const ARBITRARY_LENGTH = /^\[(?:length:)?-?[\d.]+(?:px|r?em|%|vh|vw|dvh|ch|ex)?\]$/;

/** Groups a class overrides besides its own (a shorthand overrides its parts). */
const OVERRIDES: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["left", "right", "start", "end"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  "font-size": ["leading"],
  rounded: [
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-s",
    "rounded-e",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
    "rounded-ss",
    "rounded-se",
    "rounded-es",
    "rounded-ee",
  ],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-b": ["rounded-bl", "rounded-br"],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "border-w": [
    "border-w-x",
    "border-w-y",
    "border-w-t",
    "border-w-r",
    "border-w-b",
    "border-w-l",
    "border-w-s",
    "border-w-e",
  ],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  flex: ["basis", "grow", "shrink"],
  // line-clamp sets display and overflow too.
  "line-clamp": ["display", "overflow"],
};

const EXACT: Record<string, string> = {
  ...Object.fromEntries(
    [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "grid",
      "inline-grid",
      "contents",
      "hidden",
      "table",
      "flow-root",
      "list-item",
    ].map((c) => [c, "display"]),
  ),
  ...Object.fromEntries(["static", "fixed", "absolute", "relative", "sticky"].map((c) => [c, "position"])),
  ...Object.fromEntries(["visible", "invisible", "collapse"].map((c) => [c, "visibility"])),
  ...Object.fromEntries(["sr-only", "not-sr-only"].map((c) => [c, "sr"])),
  ...Object.fromEntries(["underline", "overline", "line-through", "no-underline"].map((c) => [c, "text-decoration"])),
  ...Object.fromEntries(["uppercase", "lowercase", "capitalize", "normal-case"].map((c) => [c, "text-transform"])),
  ...Object.fromEntries(["italic", "not-italic"].map((c) => [c, "font-style"])),
  ...Object.fromEntries(["truncate", "text-ellipsis", "text-clip"].map((c) => [c, "text-overflow"])),
  isolate: "isolation",
  "isolation-auto": "isolation",
  ...Object.fromEntries(["snap-x", "snap-y", "snap-both", "snap-none"].map((c) => [c, "snap-type"])),
  ...Object.fromEntries(["snap-mandatory", "snap-proximity"].map((c) => [c, "snap-strictness"])),
  ...Object.fromEntries(["snap-start", "snap-end", "snap-center", "snap-align-none"].map((c) => [c, "snap-align"])),
  grow: "grow",
  shrink: "shrink",
  border: "border-w",
  rounded: "rounded",
  shadow: "shadow",
  ring: "ring-w",
  outline: "outline-style",
  transition: "transition",
};

/** Values of the spacing, sizing and numeric utilities (anything else is not such a class). */
const SCALE =
  "(?:-?[\\d.]+|\\d+\\/\\d+|auto|full|px|screen|min|max|fit|none|first|last|normal|tight|snug|relaxed|loose|wide|wider|widest|tighter|prose|[2-9]?xs|sm|md|lg|[2-9]?xl|[dsl]v[hw]|\\[.+\\]|\\(.+\\))";
const scaled = (names: string) => new RegExp(`^(${names})-${SCALE}$`);

const PREFIXED: [RegExp, string | ((m: RegExpMatchArray) => string)][] = [
  [scaled("p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me"), (m) => m[1]],
  [scaled("w|h|size|min-w|min-h|max-w|max-h"), (m) => m[1]],
  [scaled("inset-x|inset-y|inset|top|right|bottom|left|start|end"), (m) => m[1]],
  [
    scaled(
      "gap-x|gap-y|gap|space-x|space-y|z|order|opacity|basis|grow|shrink|leading|tracking|duration|delay|scale|rotate|translate-x|translate-y",
    ),
    (m) => m[1],
  ],
  [/^divide-(x|y)(?:-\d+)?$/, (m) => `divide-w-${m[1]}`],
  [/^divide-/, "divide-color"],
  [/^align-(?:baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, "vertical-align"],
  // Page and column breaks (break-inside-avoid, break-before-page) are groups of their own, apart from word breaking.
  [/^(break-(?:before|after|inside))-/, (m) => m[1]],
  [
    /^(whitespace|cursor|select|pointer-events|ease|animate|aspect|line-clamp|origin|underline-offset|decoration|blur|backdrop-blur|fill|stroke|grid-cols|grid-rows|col-span|row-span|col-start|col-end|row-start|row-end|justify-items|justify-self|place-content|place-items|place-self|outline-offset|appearance|list|break|columns|scrollbar)-/,
    (m) => m[1],
  ],
  [/^(overflow-x|overflow-y|overflow)-/, (m) => m[1]],
  [/^transition-/, "transition"],
  [/^justify-/, "justify-content"],
  [/^content-(?:normal|center|start|end|between|around|evenly|baseline|stretch)$/, "align-content"],
  [/^items-/, "align-items"],
  [/^self-/, "align-self"],
  [/^flex-(?:row|col)(?:-reverse)?$/, "flex-direction"],
  [/^flex-(?:wrap|nowrap|wrap-reverse)$/, "flex-wrap"],
  [/^flex-(?:\d+|auto|initial|none|\[.+\])$/, "flex"],
  [/^object-(?:cover|contain|fill|none|scale-down)$/, "object-fit"],
  [/^object-/, "object-position"],
  [new RegExp(`^rounded-(${SIDES}|tl|tr|br|bl|ss|se|es|ee)(?:-|$)`), (m) => `rounded-${m[1]}`],
  [/^rounded-/, "rounded"],
  [new RegExp(`^border-(${SIDES})(?:-(?:\\d+|\\[.+\\]))?$`), (m) => `border-w-${m[1]}`],
  [/^border-(?:\d+|\[(?:length:)?[\d.]+\w*\])$/, "border-w"],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-(?:collapse|separate)$/, "border-collapse"],
  [new RegExp(`^border-${SIDES}-`), ""],
  [/^border-/, "border-color"],
  [/^shadow-/, "shadow"],
  [/^ring-offset-(?:\d+|\[[\d.]+\w*\])$/, "ring-offset-w"],
  [/^ring-offset-/, "ring-offset-color"],
  [/^ring-(?:\d+|\[.+\])$/, "ring-w"],
  [/^ring-/, "ring-color"],
  [/^outline-(?:\d+)$/, "outline-w"],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline-/, "outline-color"],
  [/^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^bg-(?:none|gradient-.+|linear-.+|radial.*|conic.*|\[(?:image:|url\(|[a-z-]*gradient\().*)$/, "bg-image"],
  [/^bg-(?:fixed|local|scroll)$/, "bg-attachment"],
  [/^bg-(?:auto|cover|contain)$/, "bg-size"],
  [/^bg-(?:center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom)$/, "bg-position"],
  [/^bg-(?:repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/, "bg-repeat"],
  [/^bg-/, "bg-color"],
];

function textGroup(value: string): string {
  if (FONT_SIZES.test(value) || ARBITRARY_LENGTH.test(value)) return "font-size";
  if (/^(?:left|center|right|justify|start|end)$/.test(value)) return "text-align";
  if (/^(?:wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
  return "text-color";
}

/** The utility group of a class without its variants, or "" when unknown. */
export function utilityGroup(utility: string): string {
  const u = utility.replace(/^!|!$/g, "").replace(/^-/, "");
  if (EXACT[u]) return EXACT[u];
  if (u.startsWith("text-") && !EXACT[u]) return textGroup(u.slice(5));
  for (const [re, group] of PREFIXED) {
    const m = u.match(re);
    if (m) return typeof group === "string" ? group : group(m);
  }
  return "";
}

/** Splits `md:hover:px-2` into its variants and the utility, leaving `[a:b]` brackets whole. */
function split(cls: string): { variants: string; utility: string } {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) cut = i;
  }
  return { variants: cut === -1 ? "" : cls.slice(0, cut), utility: cls.slice(cut + 1) };
}

/**
 * Answers kept per input, bounded (emptied when full; a page's own set is far smaller): a page
 * asks for the same few dozen combinations over and over (every button is `buttonVariants` plus
 * its own classes), and each fresh answer tests every class against the groups above, a cost
 * hydration pays on every page (tailwind-merge keeps an LRU cache for the same reason). A second
 * cache per class would save little more for its bytes.
 */
const MERGED_MAX = 500;
const merged = new Map<string, string>();

/** Space-separated classes with conflicts resolved in favour of the later class. */
export function mergeClasses(classes: string): string {
  const known = merged.get(classes);
  if (known !== undefined) return known;
  const answer = merge(classes);
  if (merged.size >= MERGED_MAX) merged.clear();
  merged.set(classes, answer);
  return answer;
}

/** How many answers are kept (tests: the cache is bounded). */
export const mergedCacheSize = () => merged.size;

function merge(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i];
    const { variants, utility } = split(cls);
    // An arbitrary property ([--x:1], [mask-type:alpha]) conflicts with the same property.
    const group = utility.startsWith("[")
      ? (/^\[([a-z-]+):/.exec(utility)?.[1] ?? "").replace(/^(?=.)/, "property:")
      : utilityGroup(utility);
    if (!group) {
      kept.push(cls);
      continue;
    }
    const important = utility.startsWith("!") || utility.endsWith("!") ? "!" : "";
    const key = `${variants}|${important}${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const g of OVERRIDES[group] ?? []) taken.add(`${variants}|${important}${g}`);
    kept.push(cls);
  }
  return kept.reverse().join(" ");
}
