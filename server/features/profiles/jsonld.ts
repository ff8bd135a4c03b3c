// A profile's structured data (docs/decisions/060-public-profiles.md): schema.org's Electrician
// with its address and area served, and an aggregateRating and reviews built only from the real,
// shown reviews on the page: none at all when there are none (a rating nothing stands behind is
// exactly what search engines penalise, and what we promised never to show).
import type { Coordinates } from "../../../shared/geo";
import type { ElectricianProfile } from "../../../shared/profiles";

const RATING_BOUNDS = { bestRating: 5, worstRating: 1 };

export function profileJsonLd(profile: ElectricianProfile, origin: string, centre: Coordinates | null) {
  const url = origin + profile.path;
  const area = profile.serviceArea;
  const placeName = [area.suburb, area.state, area.postcode].filter(Boolean).join(" ");
  const shown = profile.reviews.items.flatMap((r) => (r.hidden === null && r.rating !== null ? [{ ...r, rating: r.rating }] : []));
  return {
    "@context": "https://schema.org",
    "@type": "Electrician",
    "@id": `${url}#business`,
    name: profile.businessName,
    url,
    ...(profile.abn ? { taxID: profile.abn } : {}),
    address: {
      "@type": "PostalAddress",
      ...(area.suburb ? { addressLocality: area.suburb } : {}),
      ...(area.state ? { addressRegion: area.state } : {}),
      ...(area.postcode ? { postalCode: area.postcode } : {}),
      addressCountry: "AU",
    },
    areaServed: centre
      ? {
          "@type": "GeoCircle",
          geoMidpoint: { "@type": "GeoCoordinates", latitude: centre.latitude, longitude: centre.longitude },
          // schema.org's Distance; a bare number is read as metres.
          geoRadius: area.radiusKm * 1000,
        }
      : { "@type": "Place", name: placeName || "Australia" },
    ...(profile.rating.count > 0 && profile.rating.average !== null
      ? {
          aggregateRating: { "@type": "AggregateRating", ratingValue: profile.rating.average, reviewCount: profile.rating.count, ...RATING_BOUNDS },
          review: shown.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.customerFirstName ?? "Customer" },
            datePublished: r.month,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, ...RATING_BOUNDS },
            ...(r.text ? { reviewBody: r.text } : {}),
          })),
        }
      : {}),
  };
}
