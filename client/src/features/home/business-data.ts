// Structured business data for the home page (SPEC.md section 9 "Displayed claims").
import { PRODUCT_NAME } from "@shared/site";

export function businessJsonLd(origin: string, phone: string, email: string) {
  return {
    "@context": "https://schema.org",
    "@type": ["LocalBusiness", "Electrician"],
    "@id": `${origin}/#business`,
    name: PRODUCT_NAME,
    description: "Free, no-obligation quotes from licensed, insured electricians anywhere in Australia. Emergency callouts 24/7.",
    url: `${origin}/`,
    telephone: phone,
    email,
    priceRange: "$$",
    currenciesAccepted: "AUD",
    paymentAccepted: "Cash, Credit Card, Bank Transfer",
    areaServed: { "@type": "Country", name: "Australia" },
    address: { "@type": "PostalAddress", addressCountry: "AU" },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "00:00",
      closes: "23:59",
    },
    aggregateRating: { "@type": "AggregateRating", ratingValue: "4.8", reviewCount: "127", bestRating: "5", worstRating: "1" },
  };
}
