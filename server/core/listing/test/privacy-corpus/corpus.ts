// The privacy corpus (docs/decisions/090-safe-words-before-purchase.md): job descriptions made of
// ordinary trade text and a customer's own details in the shapes people type them, each with the
// lead row it belongs to, what must never show before purchase, and the trade words that should.
// Measured by server/core/listing/privacy-corpus.test.ts and bench/privacy.ts.
import type { Lead } from "../../../../../shared/schema";
import { leadRow } from "../../../../test/lead-row";
import { customerOf, pick, seeded, type Customer } from "./customers";
import { HELD_OUT_SHAPES, TUNING_SHAPES } from "./shapes";
import { HELD_OUT_TRADE_TEXT, TUNING_TRADE_TEXT } from "./trade-text";

export type CorpusPart = "tuning" | "heldOut";

export interface CorpusEntry {
  lead: Lead;
  text: string;
  /** Words of the job itself that should stay readable. */
  tradeWords: string[];
  /** Lower case: the surname in its spellings, the street's name, the e-mail's handle and its pieces. */
  secretWords: string[];
  /** Lower case: other people's names and the cross street, which only deny by default can know. */
  othersWords: string[];
  /** House and unit numbers, whole. */
  secretNumbers: string[];
  /** Phone, code and plan digits, however they are spaced or said. */
  secretDigits: string[];
}

/** A word as the corpus counts it: letters or digits with what joins them inside ("don't", "2.5mm"). */
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
export const wordsOf = (text: string) => text.match(WORD) ?? [];
/** Words too small to say what the job is. */
const SMALL = new Set("a an the and or of to in on at for is it i we my our with from be are was this that there it's its".split(" "));

const letterRuns = (name: string) => (name.toLowerCase().match(/\p{L}+/gu) ?? []).filter((run) => run.length >= 2);

function secretsOf(c: Customer, tradeText: string) {
  const trade = new Set(wordsOf(tradeText).map((w) => w.toLowerCase()));
  const shown = new Set([c.given.toLowerCase(), ...letterRuns(c.given), ...letterRuns(c.suburb), c.state.toLowerCase()]);
  const surname = letterRuns(c.surname);
  const handle = c.email.split("@")[0]!.toLowerCase();
  const ownDomain = c.mailService.endsWith("electrical") ? [c.mailService] : [];
  const secret = (words: string[]) => [...new Set(words)].filter((w) => w.length >= 2 && !shown.has(w) && !trade.has(w) && !SMALL.has(w));
  const own = secret([
    ...surname,
    c.surname.toLowerCase().replace(/[^\p{L}]/gu, ""),
    ...letterRuns(c.street),
    handle,
    ...handle.split(/[._\d]+/),
    ...ownDomain,
  ]);
  return {
    secretWords: own,
    othersWords: secret([...letterRuns(c.other), ...letterRuns(c.crossStreet)]).filter((w) => !own.includes(w)),
    secretNumbers: [c.house, ...(c.unit ? [c.unit] : [])].filter((n) => !trade.has(n)),
    secretDigits: [c.phone.slice(-6), c.code],
  };
}

/** `count` descriptions of one part, the same every run. */
export function privacyCorpus(part: CorpusPart, count: number): CorpusEntry[] {
  const random = seeded(part === "tuning" ? 1789 : 2026);
  const sentences = part === "tuning" ? TUNING_TRADE_TEXT : HELD_OUT_TRADE_TEXT;
  const shapes = part === "tuning" ? TUNING_SHAPES : HELD_OUT_SHAPES;
  return Array.from({ length: count }, (_, i) => {
    const c = customerOf(random, part);
    const trade = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, sentences));
    // Every tenth description is trade text alone; the rest carry one to three shapes, each shape in turn.
    const shown = i % 10 === 0 ? [] : Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => shapes[(i + k * 7) % shapes.length]!(c, random));
    // Most customers end a sentence with a full stop; some run on.
    if (random() < 0.8) shown.forEach((s, k) => (shown[k] = /[.!?]$/.test(s) ? s : `${s}.`));
    const pieces = [...trade, ...shown];
    // The shapes go anywhere among the sentences, as customers write them.
    for (let k = pieces.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [pieces[k], pieces[j]] = [pieces[j]!, pieces[k]!];
    }
    const address = `${c.unit ? `${c.unit}/` : ""}${c.house} ${c.street} ${c.streetType}, ${c.suburb} ${c.state} ${c.postcode}`;
    const lead = leadRow({
      id: i + 1,
      customerName: c.fullName,
      customerPhone: c.phone,
      customerEmail: c.email,
      customerAddress: random() < 0.7 ? address : null,
      serviceLocation: address,
      suburb: c.suburb,
      state: c.state,
      postcode: c.postcode,
      electricalWork: pieces.join(random() < 0.3 ? "\n" : " "),
    });
    return { lead, text: lead.electricalWork, tradeWords: trade.flatMap(wordsOf).filter((w) => !SMALL.has(w.toLowerCase())), ...secretsOf(c, trade.join(" ")) };
  });
}

const SAID = new Map(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"].map((w, d) => [w, String(d)]));
/** The digits a text shows, said or written, with what separates them taken out: "four 8-2 1" is "4821". */
function digitsShown(text: string): string {
  const written = text
    .toLowerCase()
    .replace(/\b(?:oh|o)\b/g, "0")
    .replace(/\b(double|triple)\s+(\w+)/g, (_, times: string, word: string) =>
      Array(times === "double" ? 2 : 3)
        .fill(word)
        .join(" "),
    )
    .replace(/[a-z]+/g, (word) => SAID.get(word) ?? word);
  return written.replace(/(?<=\d)[\s.,()+/-]+(?=\d)/g, "");
}

/** What of the entry's secrets `shown` (the text as someone sees it) gives away; with `ownOnly`, of the customer's own details only. */
export function leaksOf(entry: CorpusEntry, shown: string, ownOnly = false): string[] {
  const words = new Set(wordsOf(shown).flatMap((w) => [w.toLowerCase(), ...w.toLowerCase().split(/['’.-]/)]));
  const lettersOnly = wordsOf(shown).map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, ""));
  const digits = digitsShown(shown);
  return [
    ...[...entry.secretWords, ...(ownOnly ? [] : entry.othersWords)].filter((w) => words.has(w) || lettersOnly.includes(w)),
    ...entry.secretNumbers.filter((n) => new RegExp(`(?<![\\p{L}\\p{N}])${n}(?![\\p{L}\\p{N}])`, "u").test(shown)),
    ...entry.secretDigits.filter((d) => digits.includes(d)),
  ];
}

/** How many of the job's own words `shown` still shows, and of how many. */
export function readableOf(entry: CorpusEntry, shown: string): { readable: number; words: number } {
  const left = new Map<string, number>();
  for (const w of wordsOf(shown)) left.set(w, (left.get(w) ?? 0) + 1);
  let readable = 0;
  for (const w of entry.tradeWords) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      readable++;
      left.set(w, n - 1);
    }
  }
  return { readable, words: entry.tradeWords.length };
}
