import { describe, expect, it } from "vitest";
import { memoryStorage } from "@/test/memory-storage";
import { readDraft, saveDraft } from "@/features/quote/draft";
import { PUBLIC_CONFIG_FALLBACK } from "@/lib/use-public-config";
import type { QuoteSeed } from "@shared/first-screen";
import { keepQuoteAnswers } from "./quote-first-screen";

const NOW = Date.UTC(2026, 10, 26, 9);
const seed: QuoteSeed = {
  kind: "quote",
  path: "/get-quote",
  config: PUBLIC_CONFIG_FALLBACK,
  step: 1,
  values: { serviceLocation: "Parramatta NSW 2150", electricalWork: "Replace the old switchboard", serviceType: "upgrade", isFlexibleDates: true },
  errors: {},
};

describe("the wizard's answers from the server's step 2 (docs/decisions/100-the-wizards-next-before-the-app.md)", () => {
  it("when the app starts over the server's step, then the wizard's draft holds step 1's answers, over older ones, and keeps the later steps' own", () => {
    const storage = memoryStorage();
    saveDraft(storage, { electricalWork: "An older description", customerName: "Mary" }, NOW - 60_000);
    keepQuoteAnswers(seed, storage, NOW);
    expect(readDraft(storage, NOW)).toEqual({ ...seed.values, customerName: "Mary" });
  });
});
