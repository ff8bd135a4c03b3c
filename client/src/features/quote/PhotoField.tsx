// The wizard's photos as the landing page carries them: a legend and the room the picker takes.
// The picker, its uploads and the draft of its photos load once the app is live (the page is
// painted by then), in a chunk of their own: /get-quote's JavaScript stays within its budget
// (docs/decisions/028, 050-photos.md "Screens"). No file input is in the build-time HTML, so the
// early-input script (docs/decisions/036) never holds a chosen file it could not put back.
import { lazy, Suspense, useEffect, useState } from "react";

export const loadPhotos = () => import("./QuotePhotos");
const Photos = lazy(loadPhotos);

/** False in the build-time HTML and while the app takes it over; lib/use-live.ts would move into a chunk the home page shares. */
function useAfterHydration() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}

/** The buttons' row, grey until they arrive, and the count line's room under it, so nothing moves. */
const room = <div className="h-11 mb-7 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />;

/**
 * Under the fields of every step: on the first, the picker; on the others, photos still going
 * up, and while the quote is being sent (`waiting`) the way to send without them.
 */
export function PhotoField({ first, waiting }: { first: boolean; waiting: boolean }) {
  const photos = useAfterHydration() && (
    <Suspense fallback={first && room}>
      <Photos first={first} waiting={waiting} />
    </Suspense>
  );
  return first ? (
    <fieldset className="mt-6">
      <legend className="text-sm font-medium text-slate-800">
        Photos <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <p className="mb-2 text-sm text-slate-500">Photos of the job help electricians quote.</p>
      {photos || room}
    </fieldset>
  ) : (
    photos
  );
}
