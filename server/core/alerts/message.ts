// What an alert says (docs/decisions/029): job type and suburb, distance, urgency, the price now and
// when it reaches $0. Built from the redaction function's listing (server/features/marketplace/
// redact.ts), so an alert never shows more of the customer than the market card does.
import { isUrgent, type DigestAlertPayload, type LeadAlertPayload } from "../../../shared/alerts";
import { labelOf } from "../../../shared/labels";
import { formatKm, formatMoney } from "../../../shared/format";
import { AUCTION_SECONDS, auctionPriceAt } from "../../../shared/pricing";
import { formatSydneyTime } from "../../../shared/sydney-time";
import type { Lead } from "../../../shared/schema";
import { toListing, type Listing } from "../listing";

const URGENCY_WORD: Record<string, string> = { emergency: "Emergency", urgent: "Urgent", within_24h: "Within 24 h" };

export interface LeadAlert {
  listing: Listing;
  title: string;
  /** "4.2 km away · $36.40 now · free at 3:41 pm" */
  summary: string;
  /** The card's (scrubbed) job description, shortened. */
  work: string;
  url: string;
}

const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The alert for one recipient at `now`; `distanceKm` from where they work (null: unknown). */
export function leadAlert(lead: Lead, distanceKm: number | null, now: Date): LeadAlert {
  // No photo ids: an alert never carries a photo's URL, blurred or not (docs/decisions/050-photos.md).
  const listing = toListing(lead, { seesCustomers: false, origin: null });
  const where = listing.suburb ?? listing.location ?? "your area";
  const job = labelOf("serviceType", listing.serviceType);
  const urgency = URGENCY_WORD[listing.urgency];
  // "Emergency · Repair in Parramatta"; an emergency job that is an emergency says it once.
  const title = `${urgency && urgency !== job ? `${urgency} · ` : ""}${job} in ${where}`;
  const auction = auctionPriceAt(listing.startingPrice, listing.auctionStartedAt, now);
  const freeAt = new Date(new Date(listing.auctionStartedAt).getTime() + AUCTION_SECONDS * 1000);
  const price = auction.isFree ? "free to claim now" : `${formatMoney(auction.priceCents / 100)} now · free at ${formatSydneyTime(freeAt)}`;
  const summary = [distanceKm === null ? null : `${formatKm(distanceKm)} away`, price].filter(Boolean).join(" · ");
  return { listing, title, summary, work: shorten(listing.electricalWork.replace(/\s+/g, " ").trim(), 120), url: `/dashboard?lead=${lead.id}` };
}

export function pushPayload(alert: LeadAlert): LeadAlertPayload {
  const id = String(alert.listing.id);
  return { title: alert.title, body: alert.summary, url: alert.url, leadId: id, tag: `lead-${id}` };
}

export function digestPayload(leads: Lead[]): DigestAlertPayload {
  const names = leads.slice(0, 3).map((l) => `${labelOf("serviceType", l.serviceType)} in ${l.suburb ?? "your area"}`);
  const more = leads.length > 3 ? ` and ${leads.length - 3} more` : "";
  const urgent = leads.filter((l) => isUrgent(l.urgency)).length;
  return {
    title: `${leads.length} more new lead${leads.length === 1 ? "" : "s"}${urgent ? ` (${urgent} urgent)` : ""}`,
    body: `${names.join(", ")}${more}`,
    url: "/dashboard",
    tag: "digest",
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface AlertEmailParts {
  subject: string;
  text: string;
  html: string;
}

/** One lead, or a digest of several; `origin` is the site's public origin. */
export function alertEmail(alerts: LeadAlert[], origin: string, unsubscribeUrl: string, digest: boolean): AlertEmailParts {
  const subject = digest ? `${alerts.length} new leads in your area` : `New lead: ${alerts[0]!.title}`;
  const intro = digest ? "New leads you have not been told about yet, still on sale:" : "A new lead is on the market:";
  const text = [
    intro,
    "",
    ...alerts.flatMap((a) => [a.title, a.summary, a.work, `Open it: ${origin}${a.url}`, ""]),
    `Stop these e-mails: ${unsubscribeUrl}`,
    "Change what you are sent under Alerts on your dashboard.",
  ].join("\n");
  const items = alerts
    .map(
      (a) =>
        `<li style="margin-bottom:16px"><a href="${escapeHtml(origin + a.url)}"><strong>${escapeHtml(a.title)}</strong></a><br>${escapeHtml(a.summary)}<br><span style="color:#555">${escapeHtml(a.work)}</span></li>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(intro)}</p><ul style="padding-left:18px">${items}</ul><p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from new-lead e-mails</a> · change what you are sent under Alerts on your dashboard.</p></body></html>`;
  return { subject, text, html };
}
