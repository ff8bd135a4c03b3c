// The customer's photos on a bought job's card (docs/decisions/050-photos.md, "Screens"): clear
// thumbnails, and a tap opens each full size in the viewer (swipe, pinch, arrows, Escape).
import type { PurchasedLead } from "@shared/pipeline";
import { PhotoGallery } from "@/components/photos/PhotoGallery";

export function CustomerPhotos({ lead }: { lead: PurchasedLead["lead"] }) {
  // An old answer cached before photos were part of a row has none.
  const photos = lead.photos ?? [];
  if (!photos.length) return null;
  return (
    <section aria-labelledby={`photos-${lead.id}`} data-testid="customer-photos">
      <h4 id={`photos-${lead.id}`} className="mb-2 text-sm font-semibold text-slate-800">
        Photos from the customer ({photos.length})
      </h4>
      <PhotoGallery
        photos={photos}
        describe={(n) => `Photo ${n} of ${photos.length} from the customer, ${lead.jobReference}`}
        className="grid grid-cols-3 gap-2 sm:grid-cols-4"
      />
    </section>
  );
}
