import { describe, expect, it } from "vitest";
import { memoryStorage } from "@/test/memory-storage";
import { clearDraft, DRAFT_LIFETIME_MS, readDraft, saveDraft } from "./draft";

const NOW = Date.UTC(2026, 10, 23, 9);

describe("the quote wizard's answers kept on the device", () => {
  it("when answers are saved, then they read back the same", () => {
    const storage = memoryStorage();
    saveDraft(storage, { serviceLocation: "Parramatta NSW 2150", electricalWork: "New switchboard please", hasExistingElectrician: true }, NOW);
    expect(readDraft(storage, NOW + 60_000)).toEqual({
      serviceLocation: "Parramatta NSW 2150",
      electricalWork: "New switchboard please",
      hasExistingElectrician: true,
    });
  });

  it("when the values carry the mobile code or the honeypot, then neither is kept", () => {
    const storage = memoryStorage();
    saveDraft(storage, { customerPhone: "0412 345 678", code: "123456", website: "spam.example", verification: "v-1" }, NOW);
    const stored = [...storage.items.values()].join("");
    expect(stored).not.toMatch(/123456|spam\.example|v-1/);
    expect(readDraft(storage, NOW)).toEqual({ customerPhone: "0412 345 678" });
  });

  it("when the answers are older than 7 days, then none are read and they are removed", () => {
    const storage = memoryStorage();
    saveDraft(storage, { electricalWork: "Old job description" }, NOW);
    expect(readDraft(storage, NOW + DRAFT_LIFETIME_MS)).toEqual({ electricalWork: "Old job description" });
    expect(readDraft(storage, NOW + DRAFT_LIFETIME_MS + 1)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("when the quote is sent and the answers cleared, or the stored text is not a draft, then nothing is read", () => {
    const storage = memoryStorage();
    saveDraft(storage, { electricalWork: "Sent job" }, NOW);
    clearDraft(storage);
    expect(readDraft(storage, NOW)).toBeNull();
    storage.setItem("quote-draft", "{not json");
    expect(readDraft(storage, NOW)).toBeNull();
    storage.setItem("quote-draft", JSON.stringify({ savedAt: NOW, values: { urgency: 3, electricalWork: "Kept" } }));
    expect(readDraft(storage, NOW)).toEqual({ electricalWork: "Kept" });
  });

  it("when the browser refuses storage, then saving and reading do nothing", () => {
    saveDraft(null, { electricalWork: "Nowhere to keep it" }, NOW);
    expect(readDraft(null, NOW)).toBeNull();
  });
});
