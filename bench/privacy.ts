// Privacy before purchase, measured on the corpus (docs/decisions/090-safe-words-before-purchase.md):
// how many descriptions give away their customer and how much of the job stays readable, as the
// market shows them (deny by default) beside the patterns alone (the baseline: what the market
// showed before), with the cost of a text seen for the first time. Not a speed test; it fails when
// a description leaks, when under 90% of the job's words stay, or when a figure is broken.
import { performance } from "node:perf_hooks";
import { marketFreeText, scrubFreeText } from "../server/core/listing/free-text";
import { leaksOf, privacyCorpus, readableOf, type CorpusEntry, type CorpusPart } from "../server/core/listing/test/privacy-corpus/corpus";
import { writeBetweenMarkers } from "./doc-section";
import { measured, size } from "./figures";

interface Figures {
  leaky: number;
  ownLeaky: number;
  readable: number;
  words: number;
  msPerText: number;
}

function measure(corpus: CorpusEntry[], show: (text: string, lead: CorpusEntry["lead"]) => string): Figures {
  let [leaky, ownLeaky, readable, words] = [0, 0, 0, 0];
  // Each text once: the redaction keeps answers it has given (free-text.ts), so the first is the cost.
  const started = performance.now();
  const shown = corpus.map((entry) => show(entry.text, entry.lead));
  const msPerText = measured("redaction time per text", (performance.now() - started) / corpus.length);
  corpus.forEach((entry, i) => {
    if (leaksOf(entry, shown[i]!).length > 0) leaky++;
    if (leaksOf(entry, shown[i]!, true).length > 0) ownLeaky++;
    const counted = readableOf(entry, shown[i]!);
    readable += counted.readable;
    words += counted.words;
  });
  measured("trade words counted", words);
  return { leaky, ownLeaky, readable, words, msPerText };
}

const percent = (f: Figures) => `${((100 * f.readable) / f.words).toFixed(1)}% (${f.readable.toLocaleString("en-AU")} of ${f.words.toLocaleString("en-AU")})`;

export async function benchPrivacy() {
  const parts: [CorpusPart, number, string][] = [
    ["tuning", size(400, 40), "tuning part"],
    ["heldOut", size(200, 20), "held-out part (written before tuning; one rule changed after it leaked once, decision 090)"],
  ];
  const lines = [
    "## Privacy before purchase: the corpus",
    "",
    `Measured ${new Date().toISOString()} by \`npm run bench\`, Node ${process.version} (docs/decisions/090-safe-words-before-purchase.md). Job descriptions of hand-written trade text with the customer's own details in the shapes people type them (server/core/listing/test/privacy-corpus/). A leak is any of the customer's surname (in any spelling), street name, house or unit number, phone, e-mail handle or domain, gate or lockbox code, or the name of someone else they mention, shown before purchase. Readable: the job's own words (not "a", "the", ...) shown as typed. The baseline is the patterns alone, which the market showed before and the customer's own job page and reviews still show. Time per text seen for the first time: the market runs first, so its figure includes compiling each lead's patterns and the baseline's does not.`,
    "",
    "| part | descriptions | shown by | descriptions leaking (any / the customer's own) | job's words readable | ms per new text |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  const failures: string[] = [];
  for (const [part, count, label] of parts) {
    const corpus = privacyCorpus(part, count);
    // The market first: its time includes the patterns' regexes compiled for the first time.
    const market = measure(corpus, marketFreeText);
    const baseline = measure(corpus, scrubFreeText);
    for (const [name, f] of [
      ["the patterns alone (baseline)", baseline],
      ["the market: deny by default", market],
    ] as const) {
      const line = `| ${label} | ${count} | ${name} | ${f.leaky} / ${f.ownLeaky} | ${percent(f)} | ${f.msPerText.toFixed(2)} |`;
      console.log(line);
      lines.push(line);
    }
    if (market.leaky > 0) failures.push(`${market.leaky} descriptions of the ${label} leak before purchase (target 0)`);
    if (market.readable / market.words < 0.9) failures.push(`only ${percent(market)} of the ${label}'s job words stay readable (target 90%)`);
  }
  lines.push("", "Targets: 0 descriptions leaking before purchase; 90% or more of the job's words readable. The bench fails if either is missed.");
  await writeBetweenMarkers("bench:privacy", lines);
  if (failures.length > 0) throw new Error(`bench: privacy before purchase missed its targets: ${failures.join("; ")}`);
}
