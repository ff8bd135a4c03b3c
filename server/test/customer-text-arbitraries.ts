// fast-check arbitraries for what customers really type (the redaction property test,
// server/core/listing/free-text.test.ts): addresses in the forms people write them, names
// with odd separators, codes around their code words in any digits, e-mail addresses. Each
// value carries the secrets it holds, so the test's oracle is the customer's own fields.
import fc from "fast-check";

/**
 * A made-up word that is no street type, state or word of electrical work: capitalised,
 * 5 to 9 letters with a "q" no English word of that shape has after its first letter.
 */
const madeUpWord = fc.tuple(fc.stringMatching(/^[A-Z][a-z]{1,3}$/), fc.stringMatching(/^[a-z]{1,4}$/)).map(([a, b]) => `${a}q${b}x`);

/** The street types the brief lists, spelt out and abbreviated. */
const STREET_TYPES = [
  "Street",
  "St",
  "Road",
  "Rd",
  "Avenue",
  "Ave",
  "Way",
  "Crescent",
  "Cres",
  "Drive",
  "Dr",
  "Place",
  "Pl",
  "Court",
  "Ct",
  "Lane",
  "Parade",
  "Pde",
  "Terrace",
  "Tce",
  "Close",
  "Cl",
  "Boulevard",
  "Blvd",
  "Highway",
  "Hwy",
  "Circuit",
  "Grove",
];
const ABBREVIATED: Record<string, string> = {
  Street: "St",
  Road: "Rd",
  Avenue: "Ave",
  Crescent: "Cres",
  Drive: "Dr",
  Place: "Pl",
  Court: "Ct",
  Lane: "Ln",
  Parade: "Pde",
  Terrace: "Tce",
  Close: "Cl",
  Boulevard: "Blvd",
  Highway: "Hwy",
  Way: "Wy",
  Grove: "Gr",
  Circuit: "Cct",
};
/** Types that are also everyday words: an address in free text only when its name is capitalised. */
const CAPITALISED_ONLY = new Set(["Court", "Circuit"]);

interface TypedAddress {
  /** As the customer typed it into a field. */
  text: string;
  /** The same street as they then typed it in their description. */
  inText: string;
  house: string;
  unit: string;
  name: string;
  type: string;
}

const street = fc.record({
  house: fc.integer({ min: 1, max: 999 }).map(String),
  unit: fc.integer({ min: 1, max: 60 }).map(String),
  name: madeUpWord,
  type: fc.constantFrom(...STREET_TYPES),
  suburb: madeUpWord,
  state: fc.constantFrom("NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"),
  postcode: fc.integer({ min: 2000, max: 7999 }).map(String),
});

type Street = typeof street extends fc.Arbitrary<infer T> ? T : never;

/** The 8 common forms: with and without comma, two lines, "Unit 3, ", "3/42", lower case, abbreviations, "U3 ". */
const FORMS: Array<(s: Street) => string> = [
  (s) => `${s.house} ${s.name} ${s.type}, ${s.suburb} ${s.state} ${s.postcode}`,
  (s) => `${s.house} ${s.name} ${s.type} ${s.suburb} ${s.state} ${s.postcode}`,
  (s) => `${s.house} ${s.name} ${s.type}\n${s.suburb} ${s.state} ${s.postcode}`,
  (s) => `Unit ${s.unit}, ${s.house} ${s.name} ${s.type}, ${s.suburb} ${s.state} ${s.postcode}`,
  (s) => `${s.unit}/${s.house} ${s.name} ${s.type}, ${s.suburb} ${s.state}`,
  (s) => `${s.house} ${s.name} ${s.type}, ${s.suburb} ${s.state} ${s.postcode}`.toLowerCase(),
  (s) => `${s.house} ${s.name} ${ABBREVIATED[s.type] ?? s.type}., ${s.suburb}`,
  (s) => `U${s.unit} ${s.house} ${s.name} ${s.type} ${s.suburb} ${s.state} ${s.postcode}`,
];
/** How the same street then shows up in the description. */
const IN_TEXT: Array<(s: Street, typed: string) => string> = [
  (_, typed) => typed,
  (s) => `${s.house} ${s.name} ${s.type}`,
  (s) => `${s.house} ${s.name} ${s.type}`.toLowerCase(),
  (s) => `Unit ${s.unit}, ${s.house} ${s.name} ${s.type}`,
  (s) => `${s.unit}/${s.house} ${s.name.toLowerCase()}`,
  (s) => `the ${s.name} ${s.type} end`,
  (s) => `${s.house}  ${s.name}`,
];

/** The customer's own address in one of the 8 forms, and the street as the description gives it. */
export const ownAddress: fc.Arbitrary<TypedAddress> = fc.tuple(street, fc.nat(FORMS.length - 1), fc.nat(IN_TEXT.length - 1)).map(([s, form, inText]) => {
  const text = FORMS[form]!(s);
  const unit = /Unit|U\d|\//.test(text) ? s.unit : "";
  // The unit shows in the description only when the address has one to mask.
  const said = IN_TEXT[inText]!(s, text.replace(/\n/g, " "));
  return { text, inText: !unit && /Unit|\//.test(said) ? `${s.house} ${s.name} ${s.type}` : said, house: s.house, unit, name: s.name, type: s.type };
});

/** A street address typed only in the free text, not in any field: masked by its shape. */
export const anyAddress: fc.Arbitrary<TypedAddress> = fc
  .tuple(street, fc.constantFrom("as typed", "lower case", "unit", "slash"))
  .filter(([s, how]) => how !== "lower case" || !CAPITALISED_ONLY.has(s.type))
  .map(([s, how]) => {
    const base = `${s.house} ${s.name} ${s.type}`;
    const inText = { "as typed": base, "lower case": base.toLowerCase(), unit: `Unit ${s.unit}, ${base}`, slash: `${s.unit}/${base}` }[how];
    return { text: "", inText, house: s.house, unit: how === "unit" || how === "slash" ? s.unit : "", name: s.name, type: s.type };
  });

export interface TypedName {
  fullName: string;
  shown: string;
  /** The pieces that must never show: surname(s), middle name. */
  hidden: string[];
}

/** Separators people (and autofill) put between name pieces: anything but a letter ends the shown name. */
const NAME_SEPARATOR = fc.constantFrom(" ", "  ", "-", "_", "/", ".", ". ", "\u200b", "\u2060", "\u00a0", "+");

export const customerName: fc.Arbitrary<TypedName> = fc
  .tuple(madeUpWord, madeUpWord, madeUpWord, NAME_SEPARATOR, NAME_SEPARATOR, fc.nat(3))
  .filter(([given, middle, surname]) => new Set([given, middle, surname].map((w) => w.toLowerCase())).size === 3)
  .map(([given, middle, surname, sep1, sep2, shape]) => {
    const shapes: TypedName[] = [
      { fullName: `${given}${sep1}${surname}`, shown: given, hidden: [surname] },
      { fullName: `${given}${sep1}${middle}${sep2}${surname}`, shown: given, hidden: [middle, surname] },
      { fullName: `${surname}, ${given}${sep1}${middle}`, shown: given, hidden: [surname, middle] },
      { fullName: `${given}${sep1}${surname}${sep2}${middle}`, shown: given, hidden: [surname, middle] },
    ];
    return shapes[shape]!;
  });

/** A phone number typed as the name: shows as "Customer". */
export const phoneAsName: fc.Arbitrary<TypedName> = fc
  .stringMatching(/^04\d{8}$/)
  .map((d) => ({ fullName: `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`, shown: "Customer", hidden: [] }));

interface TypedCode {
  inText: string;
  /** The code's ASCII digits. */
  digits: string;
}

/** Digits in a script people's keyboards give: ASCII, full-width, Arabic-Indic, Devanagari. */
const SCRIPTS = [0x30, 0xff10, 0x660, 0x966];
const inScript = (digits: string, zero: number) => digits.replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)));

/** A code before or after its code word, whole or split by a space, in any digits. */
export const accessCode: fc.Arbitrary<TypedCode> = fc
  .record({
    digits: fc.stringMatching(/^\d{3,6}$/),
    script: fc.constantFrom(...SCRIPTS),
    split: fc.boolean(),
    key: fc.constantFrom("", "#"),
    before: fc.constantFrom(
      "gate code",
      "Gate Code:",
      "PIN",
      "pin is",
      "alarm",
      "lockbox",
      "key under mat",
      "key safe code",
      "garage door code",
      "access code -",
    ),
    after: fc.constantFrom("is the gate code", "is the PIN", "for the lockbox", "= alarm code", "is the key safe combination"),
    codeFirst: fc.boolean(),
  })
  .map(({ digits, script, split, key, before, after, codeFirst }) => {
    const half = Math.ceil(digits.length / 2);
    const written = inScript(split ? `${digits.slice(0, half)} ${digits.slice(half)}` : digits, script);
    return { inText: codeFirst ? `${written} ${after}` : `${before} ${written}${key}`, digits };
  });
