// Adding photos on a phone (docs/decisions/050-photos.md, "Screens"): "Take a photo" opens the
// camera (capture="environment"; shown only where the main pointer is a finger), "Choose
// photos" the library, several at once. Each photo shows as a tile with its progress and a
// remove button; a photo that failed shows as a line naming it and why. Used by the quote
// wizard and the customer's job page, each with its own uploads (lib/photo-uploads.ts).
import { Camera, ImagePlus, TriangleAlert } from "lucide-react";
import { useRef, useSyncExternalStore } from "react";
import { MAX_PHOTOS } from "@/lib/photo-upload";
import { countsAgainstLimit, type PhotoUpload, type PhotoUploads } from "@/lib/photo-uploads";
import { Cross, PhotoTile } from "./PhotoTile";

/** The outline button's look (components/ui/button.tsx), written out: the wizard loads this file apart from the button's chunk (docs/decisions/050-photos.md, "Screens"). */
const ADD =
  "inline-flex h-11 flex-auto items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-semibold whitespace-nowrap text-slate-900 transition-colors hover:bg-slate-100 disabled:pointer-events-none disabled:opacity-50 sm:flex-none [&_svg]:size-4 [&_svg]:shrink-0";

export const usePhotoUploads = (uploads: PhotoUploads) => useSyncExternalStore(uploads.subscribe, uploads.getSnapshot, uploads.getSnapshot);

interface PhotoPickerProps {
  uploads: PhotoUploads;
  /** Photos already kept elsewhere (the job page's), counted against the limit. */
  alreadyKept?: number;
  /** The tiles above the buttons, under the photos already kept (the job page). */
  tilesFirst?: boolean;
}

export function PhotoPicker({ uploads, alreadyKept = 0, tilesFirst }: PhotoPickerProps) {
  const { items, notice } = usePhotoUploads(uploads);
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const counted = alreadyKept + items.filter(countsAgainstLimit).length;
  const full = counted >= MAX_PHOTOS;
  const tiles = items.filter(countsAgainstLimit);
  const failed = items.filter((item) => item.state === "failed");
  const onFiles = (input: HTMLInputElement) => {
    if (input.files?.length) uploads.add(Array.from(input.files));
    // The same photo may be chosen again after it was removed.
    input.value = "";
  };
  const tileList = tiles.length > 0 && (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Photos being added">
      {tiles.map((item) => (
        <li key={item.key}>
          <PhotoTile
            src={item.photo?.thumbnailUrl ?? item.localUrl}
            fallbackSrc={item.localUrl}
            name={item.name}
            progress={item.state === "uploading" ? item.progress : null}
            onRemove={() => uploads.remove(item.key)}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <div className="space-y-3" data-testid="photo-picker">
      {tilesFirst && tileList}
      {/* Side by side where both fit, one above the other on a narrow phone (360 px). */}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${ADD} pointer-fine:hidden`} disabled={full} onClick={() => camera.current?.click()}>
          <Camera aria-hidden /> Take a photo
        </button>
        <button type="button" className={ADD} disabled={full} onClick={() => library.current?.click()}>
          <ImagePlus aria-hidden /> Choose photos
        </button>
        {/* The inputs stay out of sight; their buttons open them within the tap. */}
        <input ref={camera} type="file" accept="image/*" capture="environment" hidden data-testid="photo-camera-input" onChange={(e) => onFiles(e.target)} />
        <input ref={library} type="file" accept="image/*" multiple hidden data-testid="photo-library-input" onChange={(e) => onFiles(e.target)} />
      </div>
      <p className="text-xs text-slate-500" aria-live="polite">
        {full ? `${MAX_PHOTOS} of ${MAX_PHOTOS} photos: remove one to add another.` : `${counted} of ${MAX_PHOTOS} photos · up to 15 MB each`}
      </p>
      {notice && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <span className="min-w-0 flex-1 break-words">{notice}</span>
          <button type="button" className="shrink-0 font-medium underline" onClick={uploads.dismissNotice}>
            OK
          </button>
        </p>
      )}
      {failed.length > 0 && (
        <ul className="space-y-2" role="alert" data-testid="photo-errors">
          {failed.map((item) => (
            <FailedPhoto key={item.key} item={item} onRemove={() => uploads.remove(item.key)} />
          ))}
        </ul>
      )}
      {!tilesFirst && tileList}
    </div>
  );
}

function FailedPhoto({ item, onRemove }: { item: PhotoUpload; onRemove: () => void }) {
  return (
    <li className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="photo-error">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.error}</span>
      <button
        type="button"
        className="-my-1 shrink-0 rounded px-2 text-lg leading-6 hover:bg-red-100"
        aria-label={`Dismiss the message about ${item.name}`}
        onClick={onRemove}
      >
        <Cross />
      </button>
    </li>
  );
}
