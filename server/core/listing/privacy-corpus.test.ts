// The privacy corpus (docs/decisions/090-safe-words-before-purchase.md): 600 job descriptions with
// their customers' own details in the shapes people type them. Before purchase none may leak, and
// the job's own words must stay readable. bench/privacy.ts prints the same figures beside the
// patterns alone.
import { describe, expect, it } from "vitest";
import { marketFreeText, scrubFreeText } from "./free-text";
import { leaksOf, privacyCorpus, readableOf, type CorpusPart } from "./test/privacy-corpus/corpus";

const SIZES: Record<CorpusPart, number> = { tuning: 400, heldOut: 200 };

describe.each(Object.entries(SIZES) as [CorpusPart, number][])("the %s part of the corpus", (part, size) => {
  const corpus = privacyCorpus(part, size);

  it("when every description is shown as the market shows it, then none gives away its customer, and 90% of the job's words or more stay", () => {
    let readable = 0;
    let words = 0;
    const leaky: string[] = [];
    for (const entry of corpus) {
      const shown = marketFreeText(entry.text, entry.lead);
      const leaks = leaksOf(entry, shown);
      if (leaks.length) leaky.push(`${JSON.stringify(entry.text)} -> ${JSON.stringify(shown)}: ${leaks.join(", ")}`);
      const counted = readableOf(entry, shown);
      readable += counted.readable;
      words += counted.words;
    }
    expect(leaky).toEqual([]);
    expect(readable / words).toBeGreaterThanOrEqual(0.9);
  });

  it("when the oracle reads the raw text, then it finds every description's secrets (it can fail)", () => {
    // Every tenth description is trade text alone (corpus.ts); every other one carries its customer's details.
    const withShapes = corpus.filter((_, i) => i % 10 !== 0);
    for (const entry of withShapes) expect(leaksOf(entry, entry.text).length, entry.text).toBeGreaterThan(0);
    // And the job's words, read whole, are all readable.
    for (const entry of corpus.slice(0, 50)) expect(readableOf(entry, entry.text).readable).toBe(entry.tradeWords.length);
  });
});

describe("the patterns alone (the customer's own job page, quote lines, reviews)", () => {
  it("when the tuning part is scrubbed by the patterns, then none of the customer's own details shows; other people's names do, which is why the market denies by default", () => {
    const corpus = privacyCorpus("tuning", SIZES.tuning);
    const own = corpus.flatMap((entry) => {
      const shown = scrubFreeText(entry.text, entry.lead);
      const leaks = leaksOf(entry, shown, true);
      return leaks.length ? [`${JSON.stringify(entry.text)} -> ${JSON.stringify(shown)}: ${leaks.join(", ")}`] : [];
    });
    expect(own).toEqual([]);
    const others = corpus.filter((entry) => leaksOf(entry, scrubFreeText(entry.text, entry.lead)).length > 0);
    expect(others.length).toBeGreaterThan(0);
  });
});
