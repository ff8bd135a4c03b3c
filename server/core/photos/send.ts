// How every photo goes out (docs/decisions/050-photos.md): its own content type, never sniffed,
// never kept by a shared cache. Express adds an ETag, so a browser asking again gets a 304
// after the same access check, not the bytes.
import type { Response } from "express";
import type { StoredBytes } from "./store";

/** `private, no-cache` where a session decides (asked again each time); `private, no-store` for the job page and uploads (docs/decisions/044-job-page.md). */
export function sendPhoto(res: Response, photo: StoredBytes, cacheControl: "private, no-cache" | "private, no-store") {
  res.set({ "Content-Type": photo.contentType, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff", "Content-Disposition": "inline" });
  res.send(photo.bytes);
}
