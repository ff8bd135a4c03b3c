// The customer's photos on their job page (docs/decisions/050-photos.md, "Screens"): the ones kept,
// full size on a tap, and until the job is booked the same picker as the quote's (while the
// server offers `add_photos`: fewer than 6) and a remove button on each. The server's list is
// the truth: an upload that ends is followed by a fresh read, and a removal too.
import { useRef, useState } from "react";
import { PhotoGallery } from "@/components/photos/PhotoGallery";
import { PhotoPicker } from "@/components/photos/PhotoPicker";
import { MAX_PHOTOS, uploadPhoto } from "@/lib/photo-upload";
import { createPhotoUploads } from "@/lib/photo-uploads";
import { PHOTOS_OPEN } from "@shared/job-page";
import type { JobView } from "@shared/jobs";
import type { JobPhotoRemoval } from "./api/job-photos";

interface JobPhotosProps {
  view: JobView;
  /** Where an upload goes: POST /api/jobs/:token/photos. */
  uploadPath: string;
  /** Reads the page again once a photo is up. */
  onUploaded: () => Promise<unknown>;
  remove: JobPhotoRemoval;
}

/**
 * The query client stays with the page (./api/job-photos.ts) and out of this chunk, which
 * loads apart, so the landing pages' shared chunks keep their shape (docs/decisions/028).
 */
export function JobPhotos({ view, uploadPath, onUploaded, remove }: JobPhotosProps) {
  const canChange = PHOTOS_OPEN.includes(view.status);
  const canAdd = canChange && view.actions.includes("add_photos");
  // A photo being removed leaves the list at once; it comes back if the server refuses.
  const photos = view.photos.filter((photo) => !(remove.isPending && photo.id === remove.variables));
  const kept = useRef(photos.length);
  kept.current = photos.length;
  const [uploads] = useState(() =>
    createPhotoUploads({
      upload: async (file, onProgress, signal) => {
        const photo = await uploadPhoto(uploadPath, file, { onProgress, signal });
        await onUploaded();
        return photo;
      },
      max: () => MAX_PHOTOS - kept.current,
      keepDone: false,
      preview: { create: (file) => URL.createObjectURL(file), revoke: (url) => URL.revokeObjectURL(url) },
    }),
  );
  if (!photos.length && !canChange) return null;
  return (
    <section aria-labelledby="photos-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="job-photos">
      <div>
        <h2 id="photos-heading" className="text-base font-bold text-slate-900">
          Your photos
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {canChange
            ? `Photos help your electrician quote. ${view.electrician ? "Your electrician can see them" : "The electrician who takes your job will see them"}; until the job is booked you can add up to ${MAX_PHOTOS} and remove any.`
            : view.status === "closed"
              ? "This request is closed."
              : "Your electrician can see these. The job is booked, so they can no longer be changed here."}
        </p>
      </div>
      {photos.length > 0 && (
        <PhotoGallery photos={photos} describe={(n) => `Your photo ${n}`} onRemove={canChange ? (photo) => photo.id && remove.mutate(photo.id) : undefined} />
      )}
      {remove.isError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {remove.error.message}
        </p>
      )}
      {canAdd ? (
        <PhotoPicker uploads={uploads} alreadyKept={photos.length} tilesFirst />
      ) : (
        canChange && (
          <p className="text-xs text-slate-500">
            {MAX_PHOTOS} of {MAX_PHOTOS} photos: remove one to add another.
          </p>
        )
      )}
    </section>
  );
}
