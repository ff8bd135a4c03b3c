import { describe, expect, it } from "vitest";
import { memoryStorage } from "@/test/memory-storage";
import { clearReviewDraft, readReviewDraft, saveReviewDraft } from "./review-draft";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const OTHER = "ZyXwVuTsRqPoNmLkJiHgFeDcBa543210";

describe("the customer's review kept in the tab", () => {
  it("when a review is typed, then it reads back the same for its job and not for another", () => {
    const storage = memoryStorage();
    saveReviewDraft(storage, TOKEN, { rating: 4, text: "Tidy work, on time, fair price.", aspects: { quality: 5, value: 3 } });
    expect(readReviewDraft(storage, TOKEN)).toEqual({ rating: 4, text: "Tidy work, on time, fair price.", aspects: { quality: 5, value: 3 } });
    expect(readReviewDraft(storage, OTHER)).toBeNull();
  });

  it("when the stored value is not a draft or its stars are out of range, then the bad parts are dropped", () => {
    const storage = memoryStorage();
    storage.setItem(`review-draft:${TOKEN}`, "{not json");
    expect(readReviewDraft(storage, TOKEN)).toBeNull();
    storage.setItem(`review-draft:${TOKEN}`, JSON.stringify({ rating: 9, text: 42, aspects: { quality: 0, tidiness: 2, code: 123456 } }));
    expect(readReviewDraft(storage, TOKEN)).toEqual({ rating: null, text: "", aspects: { tidiness: 2 } });
  });

  it("when the review is published and the draft cleared, or storage refuses, then nothing is read and nothing throws", () => {
    const storage = memoryStorage();
    saveReviewDraft(storage, TOKEN, { rating: 5, text: "Great job", aspects: {} });
    clearReviewDraft(storage, TOKEN);
    expect(readReviewDraft(storage, TOKEN)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => saveReviewDraft(refusing, TOKEN, { rating: 1, text: "x", aspects: {} })).not.toThrow();
    expect(readReviewDraft(refusing, TOKEN)).toBeNull();
    expect(() => clearReviewDraft(refusing, TOKEN)).not.toThrow();
    expect(readReviewDraft(null, TOKEN)).toBeNull();
  });
});
