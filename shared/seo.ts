// Head tags of the public pages (docs/product.md section 2: title, description, keywords, canonical
// link, social-share tags; the home page's structured business data). One table for the
// server, which writes them into index.html, and the client, which keeps them current
// while navigating. Browser- and Node-free on purpose.
import { PRODUCT_NAME } from "./site";

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the canonical URL, e.g. "/get-quote" (no query string). */
  path: string;
  /** Pages that should not be indexed (confirmations, account screens, not found). */
  noIndex?: boolean;
  /** The home page carries the business data (no rating: docs/decisions/060-public-profiles.md). */
  businessData?: boolean;
}

const TERMS: PageMeta = {
  title: "Terms & Conditions",
  description: "The terms for customers requesting electrical quotes and for electricians buying leads on Aussie Electricians.",
  keywords: ["terms and conditions", PRODUCT_NAME],
  path: "/terms-and-conditions",
};

/** The public routes whose head the server renders. */
export const PUBLIC_PAGES = {
  "/": {
    title: `${PRODUCT_NAME} | Licensed Electricians Australia Wide, Free Quotes`,
    description: "Free, no-obligation quotes from licensed, insured electricians anywhere in Australia. Matched in minutes, emergency callouts 24/7.",
    keywords: ["electrician", "licensed electrician", "emergency electrician", "electrical quote", "Australia", "sparky near me"],
    path: "/",
    businessData: true,
  },
  "/get-quote": {
    title: "Get Your Free Electrical Services Quote",
    description: "Tell us about your electrical job in about 60 seconds and get matched with licensed local electricians. Free and no obligation.",
    keywords: ["electrical quote", "free electrician quote", "electrician near me", "emergency electrician"],
    path: "/get-quote",
  },
  "/quote-success": {
    title: "Electrical Quote Submitted",
    description: "Your free electrical quote request has been received. A licensed electrician will contact you within 24 hours.",
    path: "/quote-success",
    noIndex: true,
  },
  "/for-providers": {
    title: "Electrical Leads for Electricians | Pay Per Job, No Subscriptions",
    description:
      "Exclusive electrical leads from $40. Zero competition, $0 monthly fees, no lock-in contracts. Request a callback to join our network of licensed electricians.",
    keywords: ["electrician leads", "electrical leads", "leads for electricians", "tradie leads", "pay per lead"],
    path: "/for-providers",
  },
  "/provider-signup": {
    title: "Electrician Sign Up",
    description: `Join ${PRODUCT_NAME}: exclusive electrical leads from $40, zero competition and $0 monthly fees.`,
    keywords: ["electrician leads", "electrician sign up", "electrical jobs Australia"],
    path: "/provider-signup",
  },
  "/privacy-policy": {
    title: "Privacy Policy",
    description: "How Aussie Electricians collects, uses and protects the personal information of customers and electricians.",
    keywords: ["privacy policy", PRODUCT_NAME],
    path: "/privacy-policy",
  },
  // Both terms paths resolve (docs/product.md section 2); one canonical URL for the two.
  "/terms-conditions": TERMS,
  "/terms-and-conditions": TERMS,
} satisfies Record<string, PageMeta>;

export type PublicPath = keyof typeof PUBLIC_PAGES;

export const NOT_FOUND_PAGE: PageMeta = {
  title: "Page Not Found",
  description: "This page does not exist.",
  path: "/404",
  noIndex: true,
};

/** Client routes that are not public landing pages: their own screens set their tags. */
export const OTHER_APP_PATHS = [
  "/login",
  "/auth/login",
  "/signup",
  "/auth/signup",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/dashboard",
  "/admin",
  "/alerts/unsubscribe",
  // The reviews' rules and live figures (docs/decisions/058-reviews.md): not prerendered, its figures are live.
  "/reviews-policy",
  // "Find my request" (docs/decisions/044-job-page.md); each job's own page is /job/<token>.
  "/job",
];

export const publicPageMeta = (path: string): PageMeta | undefined => (Object.hasOwn(PUBLIC_PAGES, path) ? PUBLIC_PAGES[path as PublicPath] : undefined);

export const fullTitle = (title: string) => (title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`);

export type HeadTag = { kind: "meta"; attribute: "name" | "property"; key: string; content: string } | { kind: "canonical"; href: string };

/** Every tag of a page's head but the title and the business data, in order. */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const title = fullTitle(meta.title);
  const url = origin + meta.path;
  const name = (key: string, content: string): HeadTag => ({ kind: "meta", attribute: "name", key, content });
  const property = (key: string, content: string): HeadTag => ({ kind: "meta", attribute: "property", key, content });
  return [
    name("description", meta.description),
    name("keywords", (meta.keywords ?? []).join(", ")),
    name("robots", meta.noIndex ? "noindex, follow" : "index, follow"),
    ...(meta.noIndex ? [] : [{ kind: "canonical", href: url } as const]),
    property("og:type", "website"),
    property("og:site_name", PRODUCT_NAME),
    property("og:locale", "en_AU"),
    property("og:title", title),
    property("og:description", meta.description),
    property("og:url", url),
    name("twitter:card", "summary"),
    name("twitter:title", title),
    name("twitter:description", meta.description),
  ];
}

export const BUSINESS_DATA_ID = "business-jsonld";

/**
 * Structured business data for the home page (docs/product.md section 9 "Displayed claims"). No
 * aggregateRating: the site shows a rating only where real reviews stand behind it, on each
 * electrician's own profile (docs/decisions/060-public-profiles.md).
 */
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
  };
}
