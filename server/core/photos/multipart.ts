// One file out of a multipart/form-data request, into memory, at most `maxBytes` of it
// (docs/decisions/050-photos.md). A bigger file is 413 once the request has been read to its end,
// so the browser reads the answer instead of a broken connection; a body declaring more than
// twice the limit is refused before a byte is read, and one that turns out so is cut off.
import busboy from "busboy";
import type { Request, Response } from "express";
import { PHOTO_MESSAGES } from "../../../shared/photos";
import { AppError } from "../../platform/http/errors";
import { photoRefused } from "./pipeline";

/** What a refusal says: a photo's words by default; another upload (a completed form) brings its own. */
export type UploadMessages = Record<"notMultipart" | "noFile" | "tooManyFiles" | "tooLarge", string>;

export async function readOneFile(req: Request, res: Response, maxBytes: number, messages: UploadMessages = PHOTO_MESSAGES): Promise<Buffer> {
  const hardCap = maxBytes * 2;
  if (!/^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "")) throw new AppError(415, messages.notMultipart);
  if (Number(req.headers["content-length"] ?? 0) > hardCap) {
    res.set("Connection", "close");
    throw photoRefused(messages.tooLarge, 413);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1000, parts: 12 } });
  } catch {
    throw new AppError(400, messages.notMultipart);
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let files = 0;
    let tooLarge = false;
    let tooMany = false;
    let received = 0;
    let done = false;
    const finish = (outcome: Buffer | AppError) => {
      if (done) return;
      done = true;
      if (outcome instanceof AppError) reject(outcome);
      else resolve(outcome);
    };
    parser.on("file", (_field, stream) => {
      files++;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0;
      });
    });
    parser.on("filesLimit", () => (tooMany = true));
    parser.on("error", () => finish(new AppError(400, messages.notMultipart)));
    parser.on("close", () => {
      if (tooLarge) return finish(photoRefused(messages.tooLarge, 413));
      if (tooMany) return finish(new AppError(400, messages.tooManyFiles, { file: messages.tooManyFiles }));
      const bytes = Buffer.concat(chunks);
      if (files === 0 || bytes.length === 0) return finish(new AppError(400, messages.noFile, { file: messages.noFile }));
      finish(bytes);
    });
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received <= hardCap || done) return;
      // Far past the limit with no honest Content-Length: stop reading and hang up after the answer.
      req.unpipe(parser);
      parser.destroy();
      req.resume();
      res.set("Connection", "close");
      finish(photoRefused(messages.tooLarge, 413));
    });
    // The browser went away mid-upload: nothing to answer, nothing kept.
    req.on("close", () => {
      if (!req.complete) finish(new AppError(400, messages.notMultipart));
    });
    req.pipe(parser);
  });
}
