// A lead's photos on its market card before purchase (docs/decisions/050-photos.md, "Screens"): how
// many there are, and the thumbnails the server blurred, so a buyer sees there is something to
// look at without seeing it. Nothing here opens a photo: the clear ones come with the purchase.
import { Images } from "lucide-react";
import type { PhotoOnWire } from "@/lib/photo-upload";

/** The most thumbnails a card shows; "+2" says there are more. */
const SHOWN = 4;

export const photoCountText = (count: number) => (count === 1 ? "1 photo" : `${count} photos`);

/** The marker beside the card's other badges; not the picker's camera icon, which would become a chunk of its own that every page names (docs/decisions/028). */
export function PhotoCountBadge({ count }: { count: number }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-700"
      data-testid="photo-count"
    >
      <Images className="size-3.5" aria-hidden /> {photoCountText(count)}
    </span>
  );
}

/** The blurred thumbnails in a row, said once to a screen reader rather than photo by photo. */
export function BlurredPhotos({ photos, count }: { photos: readonly PhotoOnWire[]; count: number }) {
  if (!photos.length) return null;
  const more = count - Math.min(SHOWN, photos.length);
  return (
    <div className="flex items-center gap-3" data-testid="blurred-photos">
      <ul className="flex shrink-0 gap-1.5" aria-hidden>
        {photos.slice(0, SHOWN).map((photo, i) => (
          <li key={photo.id ?? photo.thumbnailUrl} className="relative size-12 overflow-hidden rounded-md bg-slate-200 sm:size-14">
            <img src={photo.thumbnailUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
            {more > 0 && i === Math.min(SHOWN, photos.length) - 1 && (
              <span className="absolute inset-0 flex items-center justify-center bg-slate-900/55 text-sm font-semibold text-white">+{more}</span>
            )}
          </li>
        ))}
      </ul>
      {/* The super admin gets the clear thumbnails (and `url`): no promise of clearer ones to make. */}
      {!photos.some((photo) => photo.url) && (
        <p className="min-w-0 text-xs text-slate-500">
          <span className="sr-only">{photoCountText(count)}, blurred. </span>Clear photos after purchase
        </p>
      )}
    </div>
  );
}
