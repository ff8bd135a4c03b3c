import { describe, expect, it, vi } from "vitest";
import { PHOTO_LIMITS } from "@shared/photos";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, photoFileProblem, UploadCancelled, type UploadedPhoto } from "./photo-upload";
import { createPhotoUploads, type UploadFn } from "./photo-uploads";

const photoFile = (name: string, type = "image/jpeg", size = 200_000) => new File([new Uint8Array(size)], name, { type });
const uploaded = (id: string): UploadedPhoto => ({ id, width: 1200, height: 900, thumbnailUrl: `/api/uploads/${id}/thumbnail` });

/** An upload the test finishes by hand: progress, success, failure, and whether it was cancelled. */
function manualUploads() {
  const calls: Array<{ file: File; progress: (f: number) => void; resolve: (p: UploadedPhoto) => void; reject: (e: Error) => void; signal: AbortSignal }> = [];
  const upload: UploadFn = (file, progress, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ file, progress, resolve, reject, signal });
      signal.addEventListener("abort", () => reject(new UploadCancelled()));
    });
  return { calls, upload };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the photos a customer adds", () => {
  it("when photos are chosen, then each starts uploading at once and shows its progress until it is up", async () => {
    const { calls, upload } = manualUploads();
    const photos = createPhotoUploads({ upload });
    photos.add([photoFile("kitchen.jpg"), photoFile("board.heic", "image/heic")]);
    expect(calls.map((c) => c.file.name)).toEqual(["kitchen.jpg", "board.heic"]);
    expect(photos.getSnapshot().items.map((i) => [i.name, i.state, i.progress])).toEqual([
      ["kitchen.jpg", "uploading", 0],
      ["board.heic", "uploading", 0],
    ]);
    calls[0]!.progress(0.4);
    expect(photos.getSnapshot().items[0]!.progress).toBe(0.4);
    calls[0]!.resolve(uploaded("p1"));
    await flush();
    expect(photos.getSnapshot().items[0]).toMatchObject({ state: "done", progress: 1, photo: uploaded("p1") });
    expect(photos.ids()).toEqual(["p1"]);
    expect(photos.uploading().map((i) => i.name)).toEqual(["board.heic"]);
  });

  it("when a photo is removed while it uploads, then its upload is cancelled and it is gone; a photo that is up leaves the ids", async () => {
    const { calls, upload } = manualUploads();
    const changes = vi.fn();
    const photos = createPhotoUploads({ upload, onPhotosChange: changes });
    photos.add([photoFile("a.jpg"), photoFile("b.jpg")]);
    const [first, second] = photos.getSnapshot().items;
    photos.remove(first!.key);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve(uploaded("p2"));
    await flush();
    expect(photos.getSnapshot().items.map((i) => i.name)).toEqual(["b.jpg"]);
    expect(photos.ids()).toEqual(["p2"]);
    photos.remove(second!.key);
    expect(photos.ids()).toEqual([]);
    // The draft hears of each photo that went up or left, not of a cancelled upload.
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it("when the server refuses a photo, then it shows as failed with the server's message naming it, and does not count against the limit", async () => {
    const { calls, upload } = manualUploads();
    const photos = createPhotoUploads({ upload, max: 2 });
    photos.add([photoFile("blurry.jpg")]);
    calls[0]!.reject(new Error("This file could not be read as a photo."));
    await flush();
    expect(photos.getSnapshot().items[0]).toMatchObject({ state: "failed", error: "blurry.jpg: This file could not be read as a photo." });
    photos.add([photoFile("c.jpg"), photoFile("d.jpg")]);
    expect(photos.uploading()).toHaveLength(2);
    expect(photos.getSnapshot().notice).toBeNull();
  });

  it("when the device judges a photo, then it uses the server's own limits (15 MB as sent, 6 a request)", () => {
    expect(MAX_PHOTO_BYTES).toBe(PHOTO_LIMITS.maxBytes);
    expect(MAX_PHOTOS).toBe(PHOTO_LIMITS.perRequest);
  });

  it("when a file is too big or not a photo, then it is refused on the device with a message naming it and never sent", () => {
    const { calls, upload } = manualUploads();
    const photos = createPhotoUploads({ upload });
    photos.add([photoFile("huge.jpg", "image/jpeg", MAX_PHOTO_BYTES + 1), photoFile("plan.pdf", "application/pdf")]);
    expect(calls).toHaveLength(0);
    expect(photos.getSnapshot().items.map((i) => i.error)).toEqual([
      "huge.jpg is 15.0 MB; photos can be up to 15 MB.",
      "plan.pdf is not a photo we can take. Use a JPEG, PNG, HEIC or WebP photo.",
    ]);
    // A file the browser gives no type (HEIC on some systems) goes to the server, which decides.
    expect(photoFileProblem({ name: "IMG_0001.HEIC", type: "", size: 3_000_000 })).toBeNull();
    expect(photoFileProblem({ name: "ok.webp", type: "image/webp", size: MAX_PHOTO_BYTES })).toBeNull();
  });

  it("when more than 6 photos are chosen, then 6 go up and the rest are named in a notice", () => {
    const { calls, upload } = manualUploads();
    const photos = createPhotoUploads({ upload });
    photos.add(Array.from({ length: 4 }, (_, i) => photoFile(`first-${i + 1}.jpg`)));
    photos.add(Array.from({ length: 4 }, (_, i) => photoFile(`second-${i + 1}.jpg`)));
    expect(calls).toHaveLength(6);
    expect(photos.getSnapshot().notice).toBe("A request can have up to 6 photos, so second-3.jpg and 1 more were not added. Remove one to add another.");
    photos.add([photoFile("one-more.jpg")]);
    expect(photos.getSnapshot().notice).toBe("A request can have up to 6 photos, so one-more.jpg was not added. Remove one to add another.");
    photos.remove(photos.getSnapshot().items[0]!.key);
    expect(photos.getSnapshot().notice).toBeNull();
    photos.add([photoFile("now-fits.jpg")]);
    expect(calls).toHaveLength(7);
  });

  it("when the job page adds photos, then the room left is asked each time and a photo that is up leaves the set for the server's list", async () => {
    const { calls, upload } = manualUploads();
    let kept = 5;
    const photos = createPhotoUploads({ upload, max: () => 6 - kept, keepDone: false });
    photos.add([photoFile("a.jpg"), photoFile("b.jpg")]);
    expect(calls).toHaveLength(1);
    expect(photos.getSnapshot().notice).toContain("b.jpg was not added");
    calls[0]!.resolve(uploaded("p1"));
    await flush();
    expect(photos.getSnapshot().items).toEqual([]);
    kept = 4;
    photos.add([photoFile("c.jpg"), photoFile("d.jpg")]);
    expect(calls).toHaveLength(3);
  });

  it("when photos were kept from a draft, then they are up already, count against the limit and give their ids", () => {
    const { calls, upload } = manualUploads();
    const photos = createPhotoUploads({ upload, max: 2 }, [{ name: "kept.jpg", photo: uploaded("k1") }]);
    expect(photos.ids()).toEqual(["k1"]);
    photos.add([photoFile("a.jpg"), photoFile("b.jpg")]);
    expect(calls).toHaveLength(1);
  });

  it("when the quote waits for uploads, then it goes once the last is done or failed, or at once when those still going up are dropped", async () => {
    const { calls, upload } = manualUploads();
    const photos = createPhotoUploads({ upload });
    await photos.settled();
    photos.add([photoFile("a.jpg"), photoFile("b.jpg")]);
    let settled = false;
    void photos.settled().then(() => (settled = true));
    calls[0]!.resolve(uploaded("p1"));
    await flush();
    expect(settled).toBe(false);
    calls[1]!.reject(new Error("b.jpg could not be read"));
    await flush();
    expect(settled).toBe(true);

    photos.add([photoFile("slow.jpg")]);
    let again = false;
    void photos.settled().then(() => (again = true));
    photos.cancelUploads();
    await flush();
    expect(again).toBe(true);
    expect(calls[2]!.signal.aborted).toBe(true);
    expect(photos.ids()).toEqual(["p1"]);
  });

  it("when the photos are cleared, then every upload stops, the previews are released and the draft hears of it", () => {
    const { calls, upload } = manualUploads();
    const revoke = vi.fn();
    const changes = vi.fn();
    const photos = createPhotoUploads({ upload, onPhotosChange: changes, preview: { create: (f) => `blob:${f.name}`, revoke } });
    photos.add([photoFile("a.jpg")]);
    expect(photos.getSnapshot().items[0]!.localUrl).toBe("blob:a.jpg");
    photos.clear();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(revoke).toHaveBeenCalledWith("blob:a.jpg");
    expect(photos.getSnapshot().items).toEqual([]);
    expect(changes).toHaveBeenLastCalledWith([]);
  });
});
