// One photo as a square tile: the picture, its upload progress, a remove button, and a tap
// that opens the viewer where the full photo may be seen.
import { ImageOff } from "lucide-react";
import { useState } from "react";

/** A multiplication sign for "remove": the landing chunk's lazy photo chunk then needs no shared icon chunk (docs/decisions/050-photos.md, "Screens"). */
export const Cross = () => <span aria-hidden>×</span>;

interface PhotoTileProps {
  src: string | null;
  /** Tried when `src` does not load (the picture on this device, while the server's thumbnail is not there). */
  fallbackSrc?: string | null;
  /** What the picture is, for screen readers and the remove button. */
  name: string;
  /** 0 to 1 while the photo goes up; null once it is up. */
  progress?: number | null;
  onRemove?: () => void;
  /** Opens the viewer; the tile is then a button. */
  onOpen?: () => void;
  /** The server's blur before purchase: said to screen readers, and the picture is not a button. */
  blurred?: boolean;
  className?: string;
}

export function PhotoTile({ src, fallbackSrc, name, progress = null, onRemove, onOpen, blurred, className }: PhotoTileProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && failedSrc !== src ? src : fallbackSrc && failedSrc !== fallbackSrc ? fallbackSrc : null;
  const picture = shown ? (
    <img
      src={shown}
      alt={blurred ? `${name} (blurred until you buy the lead)` : name}
      loading="lazy"
      decoding="async"
      draggable={false}
      className="size-full object-cover"
      onError={() => setFailedSrc(shown)}
    />
  ) : (
    // A HEIC photo in a browser that cannot show it, until the server's thumbnail is ready.
    <span className="flex size-full items-center justify-center text-slate-400" role="img" aria-label={name}>
      <ImageOff className="size-6" aria-hidden />
    </span>
  );
  return (
    <div className={`relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${className ?? ""}`} data-testid="photo-tile">
      {onOpen ? (
        <button type="button" className="block size-full cursor-zoom-in" onClick={onOpen} aria-label={`Open ${name}`}>
          {picture}
        </button>
      ) : (
        picture
      )}
      {progress !== null && (
        <div className="absolute inset-0 flex flex-col justify-end bg-slate-900/45 p-1.5 text-white">
          <span className="mb-1 text-xs font-semibold tabular-nums drop-shadow">{progress >= 1 ? "Checking..." : `${Math.round(progress * 100)}%`}</span>
          <span
            className="h-1.5 overflow-hidden rounded-full bg-white/40"
            role="progressbar"
            aria-label={`Uploading ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <span className="block h-full rounded-full bg-white transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </span>
        </div>
      )}
      {onRemove && (
        // A 44 px target for a thumb (docs/decisions/086), drawn as the 32 px dot in its corner.
        <button
          type="button"
          className="group/remove absolute top-0 right-0 flex size-11 items-start justify-end p-1"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-xl leading-none text-white group-hover/remove:bg-slate-900">
            <Cross />
          </span>
        </button>
      )}
    </div>
  );
}
