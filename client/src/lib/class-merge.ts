// Later Tailwind classes win over earlier ones of the same kind ("px-4" then "px-2" keeps
// "px-2"), as tailwind-merge decides, for the utilities this app writes. tailwind-merge's table
// of every Tailwind utility was 8.4 kB of the 100 kB every landing page aims at; this one knows
// only ours (docs/decisions/120-class-merge-for-our-utilities.md). class-merge.test.ts compares it
// with tailwind-merge on every pair of classes in the client's source, so a new kind of utility
// that this table misjudges fails that test until it is added here.

type Rule = string | ((value: string) => string | undefined);

const FONT_SIZES = /^(xs|sm|base|lg|[2-9]?xl)$/;
const LENGTH = /^\[(\d*\.?\d+(px|r?em|%|vw|vh|dvh|ch)|(calc|clamp|min|max)\(.+\)|length:.+)\]$/;
const NUMBER = /^(\d+|px|\[\d*\.?\d+px\])$/;
const LINE_STYLES = /^(solid|dashed|dotted|double|none|hidden)$/;
const SHADOW_SIZES = /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/;
/** A size, a step of the spacing scale or a word of Tailwind's theme: "4", "1/2", "px", "full", "prose", "[13%]". */
const SIZE =
  /^(\d+(\.\d+)?|\d+\/\d+|px|auto|full|screen|min|max|fit|none|prose|dvh|dvw|first|last|tight|tighter|snug|normal|relaxed|loose|wide|wider|widest|[2-9]?xs|sm|md|lg|[2-9]?xl|\[.+\]|\(.+\))$/;
/** A keyword value: "center", "nowrap", "x-auto", or an arbitrary one. */
const WORD = /^([a-z]+(-[a-z]+)*|\[.+\])$/;

/**
 * A colour of the theme ("slate-600", "white", "current", "brand-50/60") or an arbitrary one that
 * says it is a colour. Any other value after a colour's prefix ("bg-cover", "text-balance",
 * "bg-[url(/a.png)]") is another kind of utility this table does not know: kept beside the
 * others rather than taken for a colour, which could drop it.
 */
const COLOUR = /^(transparent|current|inherit|black|white|[a-z]+-\d{2,3}|\[(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|oklch|color-mix)\(.+\)|color:.+)\])(\/\d+)?$/;
const colour = (group: string) => (value: string) => (COLOUR.test(value) ? group : undefined);
const sized = (group: string) => (value: string) => (SIZE.test(value) ? group : undefined);
const worded = (group: string) => (value: string) => (WORD.test(value) ? group : undefined);
/** A line's width ("2") or its colour. */
const widthOrColor = (width: string, color: string) => (value: string) => (NUMBER.test(value) ? width : colour(color)(value));

/** Whole utilities whose kind is not "prefix-value", and prefixes that stand alone ("border"). */
const WORDS: Record<string, string> = {};
const word = (group: string, words: string) => {
  for (const w of words.split(" ")) WORDS[w] = group;
};
word("display", "block inline inline-block inline-flex flex grid hidden table table-row table-header-group table-cell contents flow-root");
word("position", "static fixed absolute relative sticky");
word("visibility", "visible invisible collapse");
word("sr", "sr-only not-sr-only");
word("font-style", "italic not-italic");
word("text-decoration", "underline overline line-through no-underline");
word("text-transform", "uppercase lowercase capitalize normal-case");
word("text-overflow", "truncate text-ellipsis text-clip");
word("font-smoothing", "antialiased subpixel-antialiased");
word("fvn-spacing", "tabular-nums proportional-nums");
word("flex-direction", "flex-row flex-row-reverse flex-col flex-col-reverse");
word("flex-wrap", "flex-wrap flex-wrap-reverse flex-nowrap");
word("border-collapse", "border-collapse border-separate");
word("ring-w-inset", "ring-inset");
word("border-w", "border");
word("ring-w", "ring");
word("outline-w", "outline");
for (const w of "grow shrink container transform filter resize blur backdrop-blur drop-shadow transition shadow rounded".split(" ")) WORDS[w] = w;

/** "prefix-value" utilities: the prefix's kind, or how the value decides it. */
const PREFIXES: Record<string, Rule> = {
  text: (v) =>
    FONT_SIZES.test(v) || LENGTH.test(v) ? "font-size" : /^(left|center|right|justify|start|end)$/.test(v) ? "text-alignment" : colour("text-color")(v),
  font: (v) =>
    /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(v)
      ? "font-weight"
      : /^(sans|serif|mono)$/.test(v)
        ? "font-family"
        : undefined,
  // tailwind-merge reads Tailwind 3's "bg-gradient-to-r" as a background colour: so do we.
  bg: (v) => (v.startsWith("gradient-to-") ? "bg-color" : colour("bg-color")(v)),
  border: (v) => (NUMBER.test(v) ? "border-w" : LINE_STYLES.test(v) ? "border-style" : colour("border-color")(v)),
  ring: widthOrColor("ring-w", "ring-color"),
  "ring-offset": widthOrColor("ring-offset-w", "ring-offset-color"),
  outline: (v) => (NUMBER.test(v) ? "outline-w" : LINE_STYLES.test(v) ? "outline-style" : colour("outline-color")(v)),
  shadow: (v) => (SHADOW_SIZES.test(v) ? "shadow" : colour("shadow-color")(v)),
  divide: (v) => (/^[xy](-reverse)?$/.test(v) ? `divide-${v}` : LINE_STYLES.test(v) ? "divide-style" : colour("divide-color")(v)),
  from: colour("gradient-from"),
  via: colour("gradient-via"),
  to: colour("gradient-to"),
  fill: colour("fill"),
  accent: colour("accent"),
  flex: sized("flex"),
  items: worded("align-items"),
  self: worded("align-self"),
  justify: (v) => (/^(start|end|center|between|around|evenly|stretch|baseline|normal)$/.test(v) ? "justify-content" : undefined),
  "justify-items": worded("justify-items"),
  "justify-self": worded("justify-self"),
  align: (v) => (/^(baseline|top|middle|bottom|text-top|text-bottom|sub|super|\[.+\])$/.test(v) ? "vertical-align" : undefined),
  whitespace: worded("whitespace"),
  break: worded("break"),
  object: (v) => (/^(contain|cover|fill|none|scale-down)$/.test(v) ? "object-fit" : undefined),
  list: (v) => (/^(disc|decimal|none|\[.+\])$/.test(v) ? "list-style-type" : undefined),
  "pointer-events": worded("pointer-events"),
  select: worded("select"),
  touch: worded("touch"),
  cursor: worded("cursor"),
  scroll: (v) => (/^(auto|smooth)$/.test(v) ? "scroll-behavior" : undefined),
  animate: (v) => (/^(spin|ping|pulse|bounce|none|\[.+\])$/.test(v) ? "animate" : undefined),
  ease: worded("ease"),
  order: worded("order"),
  aspect: worded("aspect"),
  float: worded("float"),
  table: (v) => (/^(auto|fixed)$/.test(v) ? "table-layout" : undefined),
  resize: worded("resize"),
  transition: worded("transition"),
  blur: sized("blur"),
  "backdrop-blur": sized("backdrop-blur"),
  "drop-shadow": sized("drop-shadow"),
  col: sized("col-start-end"),
  "col-span": sized("col-start-end"),
  row: sized("row-start-end"),
  "row-span": sized("row-start-end"),
  rounded: sized("rounded"),
};
// One kind per prefix, named after it, with a size or a step of the scale for its value.
for (const p of [
  "w",
  "h",
  "size",
  "min-w",
  "max-w",
  "min-h",
  "max-h",
  "p",
  "px",
  "py",
  "pt",
  "pr",
  "pb",
  "pl",
  "ps",
  "pe",
  "m",
  "mx",
  "my",
  "mt",
  "mr",
  "mb",
  "ml",
  "ms",
  "me",
  "gap",
  "gap-x",
  "gap-y",
  "space-x",
  "space-y",
  "inset",
  "inset-x",
  "inset-y",
  "top",
  "right",
  "bottom",
  "left",
  "start",
  "end",
  "translate",
  "translate-x",
  "translate-y",
  "rotate",
  "scale",
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
  "scroll-mt",
  "scroll-pt",
  "z",
  "opacity",
  "basis",
  "grow",
  "shrink",
  "leading",
  "tracking",
  "line-clamp",
  "duration",
  "delay",
  "underline-offset",
  "outline-offset",
  "grid-cols",
  "grid-rows",
  "col-start",
  "col-end",
  "row-start",
  "row-end",
])
  PREFIXES[p] = sized(p);
for (const p of ["overflow", "overflow-x", "overflow-y"]) {
  PREFIXES[p] = (v) => (/^(auto|hidden|clip|visible|scroll)$/.test(v) ? p : undefined);
}
// A side's border: its width, or its colour; alone ("border-t"), its width.
for (const side of "x y t r b l s e".split(" ")) {
  PREFIXES[`border-${side}`] = widthOrColor(`border-w-${side}`, `border-color-${side}`);
  WORDS[`border-${side}`] = `border-w-${side}`;
}
for (const corner of "t r b l s e tl tr br bl".split(" ")) WORDS[`rounded-${corner}`] = `rounded-${corner}`;

/** The kinds a later class of one kind overrides too: "p-2" after "px-4" wins over it. */
const OVERRIDES: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-s", "rounded-e", "rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  translate: ["translate-x", "translate-y"],
};

// Padding, margin and a border's width and colour on every side: "p" over "px" and "pt", "px" over "pr" and "pl".
for (const all of ["p", "m", "border-w", "border-color"]) {
  const side = all.length > 1 ? `${all}-` : all;
  OVERRIDES[all] = "x y s e t r b l".split(" ").map((s) => side + s);
  OVERRIDES[`${side}x`] = [`${side}r`, `${side}l`];
  OVERRIDES[`${side}y`] = [`${side}t`, `${side}b`];
}

/** The kind of one utility without its variants, or undefined for a class we do not merge. */
export function kindOf(utility: string): string | undefined {
  // An arbitrary property, "[overflow-wrap:anywhere]": its kind is the property.
  if (utility.startsWith("[")) return utility.slice(0, utility.indexOf(":") + 1) || undefined;
  if (WORDS[utility]) return WORDS[utility];
  const base = utility.replace(/^-/, "");
  // "max-h-[calc(100dvh_-_4rem)]": the prefix ends where the arbitrary value begins.
  const bracket = base.indexOf("[");
  if (bracket > 0 && base[bracket - 1] !== "-") return undefined;
  const parts = (bracket < 0 ? base : base.slice(0, bracket - 1)).split("-");
  const tail = bracket < 0 ? "" : base.slice(bracket);
  for (let i = parts.length; i > 0; i--) {
    const rule = PREFIXES[parts.slice(0, i).join("-")];
    if (rule === undefined) continue;
    const value = [...parts.slice(i), ...(tail ? [tail] : [])].join("-");
    // A prefix alone ("ring-offset") is a shorter prefix with a value ("ring" and "offset").
    if (!value) continue;
    return typeof rule === "string" ? rule : rule(value);
  }
  return undefined;
}

/** Splits "sm:hover:px-2" into its variants ("sm:hover:") and its utility, outside brackets. */
export function splitVariants(cls: string): [string, string] {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (ch === ":" && depth === 0) end = i + 1;
  }
  return [cls.slice(0, end), cls.slice(end)];
}

/**
 * Merged lists, by what was asked: `cn` runs on every render of every component, and the app
 * writes a few hundred distinct lists. Without it a list cost about 11 µs each time (tailwind-merge
 * keeps such a cache too); the bound keeps lists built from data from growing it without end.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 1000;

/** The classes with each one dropped that a later class of the same variants overrides. */
export function mergeClasses(classes: string): string {
  let result = merged.get(classes);
  if (result === undefined) {
    result = merge(classes);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classes, result);
  }
  return result;
}

function merge(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  // From the last class back, as tailwind-merge walks them: the later of two of a kind is kept.
  for (const cls of classes.split(/\s+/).filter(Boolean).reverse()) {
    const [variants, rest] = splitVariants(cls);
    const important = rest.startsWith("!") || rest.endsWith("!");
    const kind = kindOf(rest.replace(/^!|!$/g, ""));
    if (kind === undefined) {
      kept.push(cls);
      continue;
    }
    const scope = variants + (important ? "!" : "");
    if (taken.has(scope + kind)) continue;
    taken.add(scope + kind);
    for (const overridden of OVERRIDES[kind] ?? []) taken.add(scope + overridden);
    kept.push(cls);
  }
  return kept.reverse().join(" ");
}
