import { describe, expect, it } from "vitest";
import { memoryStorage } from "@/test/memory-storage";
import { PHOTO_LIMITS } from "@shared/photos";
import { PHOTO_DRAFT_KEEP_MS, PHOTO_ID_LIFETIME_MS, readPhotoDraft, savePhotoDraft } from "./photo-draft";

const NOW = Date.UTC(2026, 10, 23, 9);
const HOUR = 60 * 60 * 1000;
const kept = (id: string, name = `${id}.jpg`) => ({ name, photo: { id, width: 800, height: 600, thumbnailUrl: `/api/uploads/${id}/thumbnail` } });

describe("the wizard's photos kept on the device", () => {
  it("when photos are up, then they read back with their names and ids after a reload", () => {
    const storage = memoryStorage();
    savePhotoDraft(storage, [kept("p1", "kitchen.jpg"), kept("p2")], NOW);
    expect(readPhotoDraft(storage, NOW + HOUR)).toEqual([kept("p1", "kitchen.jpg"), kept("p2")]);
  });

  it("when the server keeps an unused upload 24 hours, then the draft counts on the same", () => {
    expect(PHOTO_ID_LIFETIME_MS).toBe(PHOTO_LIMITS.unusedHours * HOUR);
  });

  it("when a photo is 23 hours old, then it is dropped, since the server forgets it at 24 hours", () => {
    const storage = memoryStorage();
    savePhotoDraft(storage, [kept("old")], NOW);
    // Saved again later with a new photo: the old one keeps the time it first went up.
    savePhotoDraft(storage, [kept("old"), kept("new")], NOW + 2 * HOUR);
    expect(readPhotoDraft(storage, NOW + PHOTO_DRAFT_KEEP_MS).map((p) => p.photo.id)).toEqual(["old", "new"]);
    expect(readPhotoDraft(storage, NOW + PHOTO_DRAFT_KEEP_MS + 1).map((p) => p.photo.id)).toEqual(["new"]);
    expect(readPhotoDraft(storage, NOW + 2 * HOUR + PHOTO_DRAFT_KEEP_MS + 1)).toEqual([]);
    expect(storage.items.size).toBe(0);
  });

  it("when the photos are removed or the quote sent, then nothing is kept", () => {
    const storage = memoryStorage();
    savePhotoDraft(storage, [kept("p1")], NOW);
    savePhotoDraft(storage, [], NOW);
    expect(storage.items.size).toBe(0);
    expect(readPhotoDraft(storage, NOW)).toEqual([]);
  });

  it("when the stored text is not a list of photos, or points off the site, then nothing of it is read", () => {
    const storage = memoryStorage();
    storage.setItem("quote-photos", "{not json");
    expect(readPhotoDraft(storage, NOW)).toEqual([]);
    storage.setItem(
      "quote-photos",
      JSON.stringify([
        { name: "evil.jpg", uploadedAt: NOW, photo: { id: "x", width: 1, height: 1, thumbnailUrl: "https://elsewhere.example/x.jpg" } },
        { ...kept("ok"), uploadedAt: NOW },
        { name: "no-time.jpg", photo: kept("t").photo },
      ]),
    );
    expect(readPhotoDraft(storage, NOW).map((p) => p.photo.id)).toEqual(["ok"]);
  });

  it("when the browser refuses storage, then saving and reading do nothing", () => {
    savePhotoDraft(null, [kept("p1")], NOW);
    expect(readPhotoDraft(null, NOW)).toEqual([]);
  });
});
