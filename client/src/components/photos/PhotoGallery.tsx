// Photos that are kept, as tiles that open the full-screen viewer (the pipeline card, the
// customer's job page, the test record's meter photos), each with its caption under it if it has one. The viewer (a Radix Dialog) loads once the gallery shows, in its own
// chunk, so the page it sits on paints no later for it.
import { lazy, Suspense, useEffect, useState } from "react";
import type { PhotoOnWire } from "@/lib/photo-upload";
import { PhotoTile } from "./PhotoTile";

const loadViewer = () => import("./PhotoViewer");
const PhotoViewer = lazy(() => loadViewer().then((m) => ({ default: m.PhotoViewer })));

interface PhotoGalleryProps {
  photos: readonly PhotoOnWire[];
  /** "Photo 2 from the customer": each photo's name for screen readers. */
  describe: (n: number) => string;
  /** Offered beside each photo (the customer's job page until the job is booked). */
  onRemove?: (photo: PhotoOnWire, n: number) => void;
  /** Shown under each tile, in the order of `photos` (a meter photo's "Kitchen power insulation"). */
  captions?: readonly (string | null)[];
  className?: string;
}

export function PhotoGallery({ photos, describe, onRemove, captions, className }: PhotoGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first tap on and closed by its index, so the dialog's close puts focus back on the tile.
  const [opened, setOpened] = useState(false);
  useEffect(() => void loadViewer().catch(() => undefined), []);
  const full = photos.map((photo, i) => ({ src: photo.url ?? photo.thumbnailUrl, alt: describe(i + 1) }));
  return (
    <>
      <ul className={className ?? "grid grid-cols-3 gap-2 sm:grid-cols-6"} aria-label="Photos" data-testid="photo-gallery">
        {photos.map((photo, i) => (
          <li key={photo.id ?? photo.thumbnailUrl}>
            <PhotoTile
              src={photo.thumbnailUrl}
              name={describe(i + 1)}
              onOpen={() => {
                setOpened(true);
                setOpen(i);
              }}
              onRemove={onRemove && (() => onRemove(photo, i + 1))}
            />
            {captions?.[i] && <p className="mt-1 text-xs break-words text-slate-700">{captions[i]}</p>}
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense>
          <PhotoViewer photos={full} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
