// fast-check arbitraries from the OpenAPI document's JSON Schemas, for the API fuzz test
// (server/features/api-docs/fuzz.test.ts): values a schema allows ("good", biased towards what
// exists in a small test database) and values it does not ("bad": wrong types, edge
// numbers, odd unicode, huge or nested input).
import fc from "fast-check";

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** Values people type, so "good" input often passes the refinements a JSON Schema cannot state. */
const AU_PHONES = ["0412 345 678", "(02) 9876 5432", "+61 412 345 678", "1300 123 456", "0412345678"];
const realisticText = fc.constantFrom("Parramatta NSW 2150", "Replace the switchboard with RCDs", "Dave", "2026-12-01", "parra", "called", "free");

const sized = (min = 0, max = 40) => ({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) });

function goodString(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
  if (/phone|mobile/i.test(name)) return fc.constantFrom(...AU_PHONES);
  if (/email/i.test(name)) return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
  if (/date|until/i.test(name))
    return fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const length = sized(schema.minLength, schema.maxLength);
  return fc.oneof(
    realisticText.filter((s) => s.length >= length.minLength && s.length <= (schema.maxLength ?? Infinity)),
    fc.string(length),
    fc.string({ ...length, unit: "grapheme" }),
  );
}

/** An integer, mostly a small one: ids of rows a fresh test database holds. */
function goodInteger(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1e6, -1e6);
  const max = Math.min(schema.maximum ?? 1e6, 1e6);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) }) },
    fc.integer({ min, max }),
  );
}

/** Values `schema` allows; `name` is the field's name, a hint for strings (phones, emails, dates). */
export function goodValue(schema: JsonSchema, name = ""): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => goodValue(s, name)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => goodValue({ ...schema, type }, name)));
  switch (schema.type) {
    case "string":
      return goodString(schema, name);
    case "integer":
      return goodInteger(schema);
    case "number":
      return fc.double({ min: Math.max(schema.minimum ?? -1e9, -1e9), max: Math.min(schema.maximum ?? 1e9, 1e9), noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(goodValue(schema.items ?? {}, name), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case "object": {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, goodValue(s, key)]));
      const known = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
      if (Object.keys(properties).length > 0 || !schema.additionalProperties) return known;
      return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Nested arrays `depth` deep: past docs/product.md section 13's limit of 32 levels. */
const deeplyNested = (depth: number): unknown => (depth === 0 ? "bottom" : [deeplyNested(depth - 1)]);

/** Strings that have broken servers: empty, blank, NUL, lone surrogates, right-to-left marks, number-ish words, prototype keys. */
export const oddString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\u202e",
    "💡⚡️",
    "NaN",
    "Infinity",
    "-1",
    "0",
    "1e99",
    "1.5",
    "null",
    "true",
    "__proto__",
    "constructor",
    "%",
    "' OR 1=1 --",
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** Odd strings, and long ones (a URL cannot carry these: Node refuses headers past 16 kB before the app sees them). */
export const nastyString = fc.oneof(
  oddString,
  fc.integer({ min: 1000, max: 20_000 }).map((n) => "x".repeat(n)),
);

/** Anything JSON can carry that a field probably does not want. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1e99, -1e99, 2 ** 31, 2 ** 53 + 1, 0.1, -0),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.constant(deeplyNested(40)),
);

/** A value `schema` may well refuse: a good object with one field broken, dropped or added, or a wrong type outright. */
export function badValueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  if (schema.type !== "object" || keys.length === 0) return badValue;
  const good = goodValue(schema) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    fc.tuple(good, fc.constantFrom(...keys), badValue).map(([obj, key, value]) => ({ ...obj, [key]: value })),
    fc.tuple(good, fc.constantFrom(...keys)).map(([obj, key]) => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key))),
    fc.tuple(good, fc.string({ maxLength: 12 }), badValue).map(([obj, key, value]) => ({ ...obj, [key]: value })),
    badValue,
  );
}
