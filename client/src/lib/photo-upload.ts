// One photo up to the server (docs/decisions/050-photos.md, "Screens"): a multipart POST with the
// field `file`, through XMLHttpRequest because fetch still reports no upload progress in most
// browsers. The server reads, re-encodes and judges the photo; this file only refuses what it
// can tell without sending (too big, plainly not a photo), so a phone does not spend minutes
// sending 40 MB that will be refused. The limits are shared/photos.ts's (a unit test holds them
// equal): that module brings Zod, which the wizard's photo chunk does without.
import type { LeadPhoto, UploadResponse } from "@shared/photos";
/** At most this many photos per request (the wizard and the job page alike). */
export const MAX_PHOTOS = 6;
/** Bytes as sent; the server refuses more with 413. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** JPEG, PNG, HEIC/HEIF (iPhones) and WebP. */
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/heic", "image/heif", "image/webp"];

/** What the server answers for a photo it kept (POST /api/uploads, POST /api/jobs/:token/photos). */
export type UploadedPhoto = UploadResponse;

/** A photo as a lead, a pipeline row or the job page carries it; `url` only where the full photo may be seen. */
export type PhotoOnWire = LeadPhoto;

const sizeText = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 100 * 1024 * 1024 ? 1 : 0)} MB`;

/**
 * Why `file` cannot be sent, naming it, or null. A file with no type (some browsers give HEIC
 * none) goes to the server, which decides.
 */
export function photoFileProblem(file: Pick<File, "name" | "size" | "type">): string | null {
  if (file.type && !PHOTO_TYPES.includes(file.type.toLowerCase())) return `${file.name} is not a photo we can take. Use a JPEG, PNG, HEIC or WebP photo.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is ${sizeText(file.size)}; photos can be up to 15 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** `{ message }` of a JSON answer (docs/product.md section 8), or null. The one fetch client is left alone: this chunk loads apart from it. */
function serverMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown } | null;
    return typeof body?.message === "string" && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/** The server's message, naming the file when the message does not already. */
export const namedMessage = (name: string, message: string) => (message.includes(name) ? message : `${name}: ${message}`);

export interface UploadOptions {
  /** 0 to 1, as the bytes leave the device (the server's work after the last byte is not counted). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Thrown when the upload was cancelled (the photo was removed while it went up). */
export class UploadCancelled extends Error {
  constructor() {
    super("Upload cancelled");
  }
}

/** POSTs `file` as the form field `file` to `url`; resolves with the server's JSON, rejects with an Error whose message names the file. */
export function uploadPhoto<T = UploadedPhoto>(url: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(Math.min(1, event.loaded / event.total));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new Error(namedMessage(file.name, "the server's answer could not be read. Try again.")));
        }
        return;
      }
      // The server's JSON message; a 413 from a proxy in front of the app has none: say what it means.
      const message = serverMessage(xhr.responseText) ?? (xhr.status === 413 ? "this photo is too large; photos can be up to 15 MB." : null);
      reject(new Error(namedMessage(file.name, message ?? `the upload failed (${xhr.status}). Try again.`)));
    };
    xhr.onerror = () => reject(new Error(namedMessage(file.name, "the upload did not get through. Check you have signal or Wi-Fi and try again.")));
    xhr.onabort = () => reject(new UploadCancelled());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
