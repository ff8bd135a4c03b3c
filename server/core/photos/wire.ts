// A lead's photos as each viewer gets them (docs/decisions/050-photos.md, docs/product.md section
// 10 "Privacy before purchase"): the market before purchase gets the blurred thumbnail and no
// full-size URL; the buyer's side gets the clear thumbnail and the photo; the customer's job
// page the same, under their token. What a URL opens is decided again when it is fetched.
import { photoPaths, type LeadPhotos } from "../../../shared/photos";

export type PhotoAudience = { kind: "market" } | { kind: "buyer" } | { kind: "customer"; token: string };

export const MARKET_AUDIENCE: PhotoAudience = { kind: "market" };
export const BUYER_AUDIENCE: PhotoAudience = { kind: "buyer" };

export function leadPhotosFor(ids: readonly string[], audience: PhotoAudience): LeadPhotos {
  const photos = ids.map((id) => {
    if (audience.kind === "market") return { thumbnailUrl: photoPaths.photo(id, "blurred") };
    if (audience.kind === "buyer") return { thumbnailUrl: photoPaths.photo(id, "thumbnail"), url: photoPaths.photo(id, "full") };
    return { id, thumbnailUrl: photoPaths.job(audience.token, id, "thumbnail"), url: photoPaths.job(audience.token, id, "full") };
  });
  return { photoCount: ids.length, photos };
}
