// The profile and suburb listing pages as real HTML, rendered per request from plain escaped
// templates (docs/decisions/060-public-profiles.md says why not the client's React): every
// text from a person (business names, reviews, replies) goes through escapeHtml, and the
// structured data through jsonForScript, which writes "<" as \u003c.
import type { Coordinates } from "../../../shared/geo";
import { formatKm, formatMinutes } from "../../../shared/format";
import { REVIEW_SORTS, type ElectricianProfile, type ReviewSort, type SuburbListing } from "../../../shared/profiles";
import type { PublicReview } from "../../../shared/reviews";
import { PRODUCT_NAME } from "../../../shared/site";
import { formatLicenceDate } from "../../../shared/licence-date";
import { formatAbn, LICENCE_STATE_NAMES } from "../../../shared/vetting";
import { escapeHtml as e } from "../../platform/http/html";
import { page } from "../../platform/http/site-page";
import { MEDIAN_MIN_PURCHASES, MEDIAN_WINDOW_DAYS } from "../../core/providers";
import { profileJsonLd } from "./jsonld";

/** A profile or suburb page that is not there (404): the site's frame, never indexed, with the ways on. */
export const notFoundHtml = (message: string) =>
  page(
    { title: `${message} - ${PRODUCT_NAME}`, description: message, canonical: null },
    `<h1>${e(message)}</h1>
<p class="card">The electrician may have left the site or changed their name, or the place may be spelled another way. <a href="/get-quote">Get a free quote</a> from licensed electricians near you, or go to the <a href="/">home page</a>.</p>`,
  );

const starText = (n: number) => `${"★".repeat(n)}${"☆".repeat(5 - n)}`;

const monthText = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-AU", { month: "long", year: "numeric", timeZone: "UTC" });

function reviewHtml(r: PublicReview) {
  if (r.hidden) return `<li class="card"><p class="muted">${e(r.hidden.label)}</p></li>`;
  const who = [r.customerFirstName, r.suburb].filter(Boolean).join(", ");
  const reply = r.reply ? `<div class="reply"><strong>Reply from the electrician</strong><p>${e(r.reply.text)}</p></div>` : "";
  return `<li class="card"><p><span class="stars" aria-label="${r.rating} out of 5 stars">${starText(r.rating ?? 0)}</span> ${e(who)} · ${e(monthText(r.month))}${
    r.paidOnPlatform ? ` · Paid through ${e(PRODUCT_NAME)}` : ""
  } · Verified job</p><p>${e(r.text ?? "")}</p>${reply}</li>`;
}

const SORT_LABELS: Record<ReviewSort, string> = { newest: "Newest", highest: "Highest rated", lowest: "Lowest rated" };

const pageHref = (path: string, page: number, sort: ReviewSort) => {
  const q = [page > 1 ? `page=${page}` : "", sort !== "newest" ? `sort=${sort}` : ""].filter(Boolean).join("&");
  return q ? `${path}?${q}` : path;
};

/**
 * The median, or why there is none: under 5 contacted jobs it is not shown, and the page says
 * so rather than "no contacts" (docs/decisions/085-an-honest-public-profile.md).
 */
function firstContactText(p: ElectricianProfile) {
  const window = `last ${MEDIAN_WINDOW_DAYS} days`;
  if (p.medianMinutesToContact !== null) return `${formatMinutes(p.medianMinutesToContact)} after taking a job (${window})`;
  if (p.contactedJobs === 0) return `No jobs contacted in the ${window}`;
  return `Shown from ${MEDIAN_MIN_PURCHASES} contacted jobs (${p.contactedJobs} so far in the ${window})`;
}

/**
 * Under every "Get a free quote": the request is sold to one electrician, who may not be the
 * one whose page this is (docs/product.md: each lead is sold to one provider only).
 */
const QUOTE_GOES_TO = "Your request goes to electricians near you, and whichever one buys it contacts you";

export function profileTitle(p: ElectricianProfile) {
  return `${p.businessName} - Licensed Electrician in ${p.serviceArea.suburb ?? "Australia"}`;
}

export function profileHtml(p: ElectricianProfile, origin: string, centre: Coordinates | null) {
  const suburb = p.serviceArea.suburb ?? "Australia";
  const ratingText = p.rating.average !== null ? `Rated ${p.rating.average} out of 5 from ${p.rating.count} review${p.rating.count === 1 ? "" : "s"}. ` : "";
  const description = `${p.businessName}: licensed electrician serving ${suburb} and ${p.serviceArea.radiusKm} km around. ${ratingText}${p.jobsCompleted} jobs completed on ${PRODUCT_NAME}.`;
  const canonical = origin + (p.reviews.page > 1 ? `${p.path}?page=${p.reviews.page}` : p.path);
  const licence = p.licence;
  const area = [p.serviceArea.suburb, p.serviceArea.state, p.serviceArea.postcode].filter(Boolean).join(" ");
  const facts = [
    ["Licence", `${licence.state ? `${LICENCE_STATE_NAMES[licence.state]} ` : ""}${licence.number ?? "on file"}`],
    [
      "Licence status",
      `<span class="${licence.status}">${licence.status === "current" ? "Current" : "Expired"}</span>${licence.expiry ? ` (expires ${e(formatLicenceDate(licence.expiry))})` : ""}`,
    ],
    ["Licence checked", licence.checkedOn ? formatLicenceDate(licence.checkedOn) : "Not yet"],
    ["ABN", p.abn ? formatAbn(p.abn) : "Not given"],
    ["Service area", `${area || "Australia"}, within ${p.serviceArea.radiusKm} km`],
    ["Member since", formatLicenceDate(p.memberSince)],
    ["Jobs completed here", String(p.jobsCompleted)],
    ["Median first contact", firstContactText(p)],
  ]
    // The status cell is already markup (its figures are escaped above); every other cell is text.
    .map(([k, v]) => `<dt>${e(k!)}</dt><dd>${k === "Licence status" ? v : e(v!)}</dd>`)
    .join("");
  const rating =
    p.rating.count === 0
      ? `<p>No reviews yet.</p>`
      : `<p><span class="stars">${p.rating.average} out of 5</span> from ${p.rating.count} review${p.rating.count === 1 ? "" : "s"}</p>` +
        [5, 4, 3, 2, 1]
          .map((s) => {
            const n = p.rating.distribution[s - 1]!;
            return `<div class="bar"><span>${s} star</span><span><i style="width:${Math.round((n / p.rating.count) * 100)}%"></i></span><span>${n}</span></div>`;
          })
          .join("");
  const { page: at, pageSize, total, sort } = p.reviews;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sorts = REVIEW_SORTS.map((s) =>
    s === sort ? `<strong>${SORT_LABELS[s]}</strong>` : `<a href="${e(pageHref(p.path, 1, s))}">${SORT_LABELS[s]}</a>`,
  ).join(" · ");
  const paging = [
    at > 1 ? `<a rel="prev" href="${e(pageHref(p.path, at - 1, sort))}">Newer page</a>` : "",
    `<span class="muted">Page ${at} of ${pages}</span>`,
    at < pages ? `<a rel="next" href="${e(pageHref(p.path, at + 1, sort))}">Next page</a>` : "",
  ].join(" ");
  const body = `<h1>${e(p.businessName)}</h1>
<p>Licensed electrician in ${e(suburb)}.</p>
<p><a class="cta" href="/get-quote">Get a free quote</a></p>
<p class="muted">${QUOTE_GOES_TO}: it may not be ${e(p.businessName)}.</p>
<section class="card"><dl>${facts}</dl></section>
<section><h2>Rating</h2>${rating}</section>
<section><h2>Reviews</h2>${total === 0 ? "<p>No reviews yet.</p>" : `<nav aria-label="Sort reviews">Sort: ${sorts}</nav><ol>${p.reviews.items.map(reviewHtml).join("")}</ol><nav class="pages" aria-label="Review pages">${paging}</nav>`}</section>
<p class="muted">Reviews come only from customers of jobs found through ${e(PRODUCT_NAME)}, with their mobile confirmed. No one can pay to change a rating or a ranking.</p>`;
  return page({ title: profileTitle(p), description, canonical, jsonLd: profileJsonLd(p, origin, centre) }, body);
}

/** The listing's order in words, before its formula (docs/decisions/085-an-honest-public-profile.md). */
const RANK_IN_WORDS =
  "Ranked by customers’ reviews, weighted so a few reviews count for less than many. Ties go to the faster first contact, then the longer-standing member. No one can pay to rank higher.";

export function listingHtml(l: SuburbListing, origin: string) {
  const place = `${l.place.name} ${l.place.state} ${l.place.postcode}`;
  const items = l.electricians
    .map(
      (x) =>
        `<li class="card"><a href="${e(x.path)}"><strong>${e(x.businessName)}</strong></a> · ${e(x.suburb ?? "")} · ${e(formatKm(x.distanceKm))} from ${e(l.place.name)}<br>` +
        `${x.rating.average === null ? "No reviews yet" : `<span class="stars">${x.rating.average} out of 5</span> from ${x.rating.count} review${x.rating.count === 1 ? "" : "s"}`}` +
        `${x.medianMinutesToContact === null ? "" : ` · median first contact ${e(formatMinutes(x.medianMinutesToContact))}`}</li>`,
    )
    .join("");
  // The formula and each score stay published, one tap away, for anyone who wants to check the order.
  const scores = l.electricians.map((x, i) => `<li>${i + 1}. ${e(x.businessName)}: ${x.rankScore}</li>`).join("");
  const body = `<h1>Electricians in ${e(place)}</h1>
<p><a class="cta" href="/get-quote">Get a free quote</a></p>
<p class="muted">${QUOTE_GOES_TO}.</p>
<section class="card"><h2>How this list is ordered</h2><p>${e(RANK_IN_WORDS)}</p>
<details><summary>How we rank</summary><p>${e(l.rule)}</p>${scores ? `<p>Scores in this list:</p><ol>${scores}</ol>` : ""}</details></section>
${l.electricians.length === 0 ? `<p>No listed electrician covers ${e(l.place.name)} yet.</p>` : `<ol>${items}</ol>`}`;
  const description = `${l.electricians.length} licensed electricians who cover ${place}, ranked by their real customers' reviews and how fast they call back.`;
  return page({ title: `Electricians in ${place} - ${PRODUCT_NAME}`, description, canonical: origin + l.place.path }, body);
}
