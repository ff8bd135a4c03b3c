// The wizard's photos, loaded after the page's first paint (./PhotoField.tsx; docs/decisions/028
// and 050-photos.md, "Screens"): the uploads of this visit, which outlive the first step's
// unmounting, the picker on the first step, and the last step's word about photos still going
// up. Kept in the draft on the device as they finish (./photo-draft.ts).
import { CloudUpload } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { useFormContext } from "react-hook-form";
import { PhotoPicker } from "@/components/photos/PhotoPicker";
import { uploadPhoto } from "@/lib/photo-upload";
import { createPhotoUploads, type PhotoUploads } from "@/lib/photo-uploads";
import type { QuoteRequestInput } from "@shared/leads";
import { photoStorage, readPhotoDraft, savePhotoDraft } from "./photo-draft";

/** POST /api/uploads: one photo, no sign-in; the quote then names it in `photoIds`. */
export const UPLOAD_PATH = "/api/uploads";

function createQuotePhotos(): PhotoUploads {
  return createPhotoUploads(
    {
      upload: (file, onProgress, signal) => uploadPhoto(UPLOAD_PATH, file, { onProgress, signal }),
      onPhotosChange: (items) =>
        savePhotoDraft(
          photoStorage(),
          items.flatMap((item) => (item.state === "done" && item.photo ? [{ name: item.name, photo: item.photo }] : [])),
          Date.now(),
        ),
      preview: { create: (file) => URL.createObjectURL(file), revoke: (url) => URL.revokeObjectURL(url) },
    },
    readPhotoDraft(photoStorage(), Date.now()),
  );
}

/** One set of uploads per visit of the page: created from the draft when this chunk first loads. */
export const quotePhotos = createQuotePhotos();

/** ./PhotoField.tsx's one lazy component: the picker on the first step, photos still going up on the others. */
export default function QuotePhotos({ first, waiting }: { first: boolean; waiting: boolean }) {
  return first ? <QuotePhotoPicker /> : <PhotosStillUploading waiting={waiting} />;
}

/**
 * The picker, and the server's word when it refused the photos' ids with the quote (used
 * already, or older than 24 hours): those photos go, and the message says to add them again.
 */
function QuotePhotoPicker() {
  const refused = useFormContext<QuoteRequestInput>().formState.errors.photoIds?.message;
  useEffect(() => {
    if (refused) quotePhotos.clear();
  }, [refused]);
  return (
    <>
      {refused && (
        <p className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {refused}
        </p>
      )}
      <PhotoPicker uploads={quotePhotos} />
    </>
  );
}

/**
 * After the first step, while photos are still going up. Sending waits for them (the button says
 * so); "Send without them" drops those still going up and the quote goes at once.
 */
function PhotosStillUploading({ waiting }: { waiting: boolean }) {
  const { items } = useSyncExternalStore(quotePhotos.subscribe, quotePhotos.getSnapshot, quotePhotos.getSnapshot);
  const going = items.filter((item) => item.state === "uploading");
  if (!going.length) return null;
  const percent = Math.round((going.reduce((sum, item) => sum + item.progress, 0) / going.length) * 100);
  return (
    <div className="mt-5 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900" role="status" data-testid="photos-uploading">
      <p className="flex gap-2">
        <CloudUpload className="mt-0.5 size-4 shrink-0 animate-pulse motion-reduce:animate-none" aria-hidden />
        <span className="min-w-0">
          {going.length === 1 ? "1 photo is" : `${going.length} photos are`} still uploading ({percent}%).{" "}
          {waiting ? "Your quote goes as soon as they are up." : "Your quote waits for them when you send it."}
        </span>
      </p>
      {waiting && (
        <button type="button" className="mt-2 ml-6 font-semibold text-brand-700 underline" onClick={quotePhotos.cancelUploads}>
          Send without them
        </button>
      )}
    </div>
  );
}
