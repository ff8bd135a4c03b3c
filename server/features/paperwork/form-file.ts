// The completed form an electrician uploads (docs/decisions/105-paperwork-on-the-card.md): never
// trusted. It must start as a PDF does, and pdf.js (unpdf) must open it and count its pages, within
// the size and page limits and a few seconds; anything else is a 400 that says what to do. Only
// the owner of a live job whose state asks for the form gets this far (routes.ts checks first),
// at most RATE_LIMIT_PUBLIC_FORMS_PER_IP uploads in 10 minutes. pdf.js parses on this thread: the
// time limit answers the electrician, it cannot stop a parse already running.
import { getDocumentProxy } from "unpdf";
import { FORM_LIMITS, PAPERWORK_MESSAGES } from "../../../shared/paperwork";
import { AppError } from "../../platform/http/errors";

const refused = (message: string, status = 400) => new AppError(status, message, { file: message });

/** The upload's refusals, in a form's words (the photo reader's own say "photo"). */
export const FORM_UPLOAD_MESSAGES = {
  notMultipart: PAPERWORK_MESSAGES.formNotMultipart,
  noFile: PAPERWORK_MESSAGES.formMissing,
  tooManyFiles: PAPERWORK_MESSAGES.formTooMany,
  tooLarge: PAPERWORK_MESSAGES.formTooLarge,
};

const READ_MS = 5_000;

/** The PDF's page count, or a 400: not a PDF, unreadable, too long, or too slow to read. */
export async function checkFormPdf(bytes: Buffer): Promise<{ pages: number }> {
  if (!bytes.subarray(0, 1024).includes("%PDF-")) throw refused(PAPERWORK_MESSAGES.formNotPdf);
  let timer: NodeJS.Timeout | undefined;
  try {
    const read = getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true }).then(async (doc) => {
      const pages = doc.numPages;
      // The whole parse goes, not only its caches: an upload leaves nothing behind in memory.
      await doc.loadingTask.destroy();
      return pages;
    });
    const pages = await Promise.race([read, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), READ_MS)))]);
    if (pages < 1) throw refused(PAPERWORK_MESSAGES.formNotPdf);
    if (pages > FORM_LIMITS.maxPages) throw refused(PAPERWORK_MESSAGES.formTooLong);
    return { pages };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused(PAPERWORK_MESSAGES.formNotPdf);
  } finally {
    clearTimeout(timer);
  }
}
