// Demo accounts and leads. Used by the embedded default on an empty database and by
// `npm run db:seed`; never run against a DATABASE_URL database otherwise. The rows are
// made by the same factories as the tests' (./factories.ts).
import { count, eq } from "drizzle-orm";
import { firstNameOf } from "../../shared/customer-name";
import { jobPath } from "../../shared/jobs";
import { STAGE_TIMESTAMP } from "../../shared/pipeline";
import { auctionPriceAt, startingPriceFor } from "../../shared/pricing";
import { REVIEW_EDIT_WINDOW_MS } from "../../shared/reviews-rules";
import { leadPurchases, leads, reviews, users } from "../../shared/schema";
import { createJobLink, demoJobLink } from "../core/job-links";
import { refreshPaperworkClocks } from "../core/paperwork";
import { seedDemoBookingWindows } from "./demo-booking";
import { seedDemoTestRecord } from "./demo-test-record";
import { leadScore } from "../features/leads";
import { maskReviewText } from "../features/reviews";
import { addDays, sydneyDayKey } from "../../shared/sydney-time";
import { resolveSuburb } from "../core/suburbs";
import { profilePath, slugBase } from "../../shared/profiles";
import { seedPastSales } from "./past-sales";
import { syncAllSlugs } from "../core/providers";
import type { Db } from "../platform/db/client";
import { DEMO_AUTO_BUY, DEMO_JOB_TOKENS, DEMO_LEADS, DEMO_PASSWORD, DEMO_REVIEW, DEMO_USERS } from "./demo-data";
import { seedDemoDispute } from "./demo-dispute";
import { seedDemoAutoBuy } from "./demo-auto-buy";
import { seedDemoDocuments } from "./demo-documents";
import { seedDemoPaidInvoice } from "./demo-insights";
import { createLead, createPurchase, createUser } from "./factories";

/** The order a job normally moves in, to give each demo purchase the timestamps of its path. */
const STAGE_ORDER = ["called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid"] as const;

export async function isEmpty(db: Db) {
  const [u] = await db.select({ n: count() }).from(users);
  const [l] = await db.select({ n: count() }).from(leads);
  return (u?.n ?? 0) === 0 && (l?.n ?? 0) === 0;
}

export async function seedDemo(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    const ids: Record<string, number> = {};
    for (const [key, demo] of Object.entries(DEMO_USERS)) {
      // A demo account has a company only where demo-data.ts names one.
      const user = await createUser(tx, {
        companyName: null,
        ...demo,
        password: DEMO_PASSWORD,
        isVerified: true,
        verificationStatus: "approved",
        // Demo licences stay current: three years from the day the demo data is made.
        licenceExpiry: demo.userType === "provider" ? addDays(sydneyDayKey(now), 3 * 365) : null,
        // The operator's check, which the customer's job page shows (docs/decisions/044-job-page.md).
        verificationDecidedAt: demo.userType === "provider" ? now : null,
        teamOwnerId: key === "tom" ? ids.dave : undefined,
      });
      ids[key] = user.id;
    }

    const recentSales: string[] = [];
    const purchaseOfToken = new Map<string, { id: number; customerName: string }>();
    let disputed = false;
    for (const demo of DEMO_LEADS) {
      const createdAt = new Date(now.getTime() - demo.minutesAgo * 60_000);
      const suburb = await resolveSuburb(tx, demo.serviceLocation);
      const startingPrice = startingPriceFor(recentSales);
      const { sale, jobToken, minutesAgo: _, ...fields } = demo;
      const lead = await createLead(tx, {
        ...fields,
        // Every field a factory would otherwise fill: a demo lead without an email has none.
        customerEmail: fields.customerEmail ?? null,
        customerAddress: fields.customerAddress ?? null,
        leadScore: leadScore(fields),
        startingPrice,
        currentPrice: startingPrice,
        status: sale ? "sold" : "available",
        suburbId: suburb?.id,
        suburb: suburb?.name ?? null,
        state: suburb?.state ?? null,
        postcode: suburb?.postcode ?? null,
        latitude: suburb?.latitude,
        longitude: suburb?.longitude,
        createdAt,
        auctionStartedAt: createdAt,
        updatedAt: createdAt,
      });
      // Every market lead has its customer's job link, as at intake (docs/decisions/044-job-page.md).
      if (jobToken) await demoJobLink(tx, lead.id, jobToken, createdAt);
      else await createJobLink(tx, lead.id, createdAt);
      if (!sale) continue;

      const buyer = DEMO_USERS[sale.buyer];
      const purchasedAt = new Date(createdAt.getTime() + 20 * 60_000);
      const stageTimes: Record<string, Date> = {};
      const reached = STAGE_ORDER.indexOf(sale.stage as (typeof STAGE_ORDER)[number]);
      STAGE_ORDER.slice(0, reached + 1).forEach((stage, i) => {
        stageTimes[STAGE_TIMESTAMP[stage]] = new Date(purchasedAt.getTime() + (i + 1) * 6 * 3600_000);
      });
      const purchase = await createPurchase(tx, ids[sale.buyer]!, {
        purchase: {
          leadId: lead.id,
          buyerName: `${buyer.firstName} ${buyer.lastName}`,
          buyerEmail: buyer.email,
          buyerPhone: buyer.phone,
          buyerCompany: buyer.companyName,
          amountPaid: sale.amountPaid,
          originalPrice: auctionPriceAt(startingPrice, createdAt, purchasedAt).price,
          paymentStatus: "completed",
          salesStage: sale.stage,
          salesNotes: sale.notes,
          quotePrice: sale.quotePrice,
          customerPaymentAmount: sale.customerPaymentAmount,
          purchasedAt,
          ...stageTimes,
        },
      });
      if (jobToken) purchaseOfToken.set(jobToken, { id: purchase.id, customerName: lead.customerName });
      // Priya's first sale was charged back by the card's bank, evidence due in five days (docs/decisions/093-disputes.md).
      if (sale.buyer === "priya" && !disputed) disputed = await seedDemoDispute(tx, { purchaseId: purchase.id, amountPaid: sale.amountPaid, now });
      recentSales.unshift(sale.amountPaid);
    }
    // Karen's paid job, reviewed a day after it was paid, with Dave's reply (docs/decisions/058-reviews.md).
    const reviewed = purchaseOfToken.get(DEMO_JOB_TOKENS.reviewed)!;
    const [sold] = await tx.select().from(leadPurchases).where(eq(leadPurchases.id, reviewed.id));
    const [lead] = await tx.select().from(leads).where(eq(leads.id, sold!.leadId));
    const writtenAt = new Date(now.getTime() - 3 * 86_400_000);
    await tx.insert(reviews).values({
      purchaseId: sold!.id,
      leadId: lead!.id,
      providerId: sold!.buyerId,
      rating: DEMO_REVIEW.rating,
      text: maskReviewText(DEMO_REVIEW.text, lead!),
      textAsWritten: DEMO_REVIEW.text,
      aspectQuality: DEMO_REVIEW.aspects.quality,
      aspectPunctuality: DEMO_REVIEW.aspects.punctuality,
      aspectValue: DEMO_REVIEW.aspects.value,
      aspectTidiness: DEMO_REVIEW.aspects.tidiness,
      customerFirstName: firstNameOf(lead!.customerName),
      suburb: lead!.suburb,
      state: lead!.state,
      createdAt: writtenAt,
      updatedAt: writtenAt,
      editableUntil: new Date(writtenAt.getTime() + REVIEW_EDIT_WINDOW_MS),
      replyText: DEMO_REVIEW.reply,
      replyCreatedAt: new Date(writtenAt.getTime() + 5 * 3600_000),
      replyUpdatedAt: new Date(writtenAt.getTime() + 5 * 3600_000),
    });
    // A sent quote and a part-paid tax invoice on two of Dave's jobs (docs/decisions/051).
    const invoiced = purchaseOfToken.get(DEMO_JOB_TOKENS.invoiced)!;
    await seedDemoDocuments(tx, {
      daveId: ids.dave!,
      quotedPurchaseId: purchaseOfToken.get(DEMO_JOB_TOKENS.sold)!.id,
      invoicedPurchaseId: invoiced.id,
      customerName: invoiced.customerName,
      now,
    });
    // Karen's switchboard was tested before it was used: its record on the card (docs/decisions/103-test-records.md).
    await seedDemoTestRecord(tx, { purchaseId: reviewed.id, testedBy: ids.dave!, testedAt: new Date(writtenAt.getTime() - 2 * 86_400_000) });
    // Tested five days ago in NSW: its CCEW is due within 7 days of the test, so in two (docs/decisions/105-paperwork-on-the-card.md).
    await refreshPaperworkClocks(tx, reviewed.id, now);
    // Dave offered Sophie three times for her quoted job: her page shows "Pick a time" (docs/decisions/102-booking-windows.md).
    const quoted = purchaseOfToken.get(DEMO_JOB_TOKENS.sold)!;
    const [quotedLead] = await tx
      .select({ state: leads.state })
      .from(leads)
      .innerJoin(leadPurchases, eq(leadPurchases.leadId, leads.id))
      .where(eq(leadPurchases.id, quoted.id));
    await seedDemoBookingWindows(tx, { purchaseId: quoted.id, offeredBy: ids.dave!, state: quotedLead!.state, now });
    // Dave's standing order, and the job an earlier one bought (docs/decisions/065-auto-buy-screens.md).
    await seedDemoAutoBuy(tx, { daveId: ids.dave!, now });
    // Karen's paid job has its paid tax invoice, so Dave's Insights show revenue (docs/decisions/067-insights.md).
    await seedDemoPaidInvoice(tx, { daveId: ids.dave!, purchaseId: reviewed.id, customerName: reviewed.customerName });
    // Every demo electrician gets their public profile's address (docs/decisions/060-public-profiles.md).
    await syncAllSlugs(tx, now);
    // Three months of past sales, so the public price tape shows figures (docs/decisions/066-price-tape.md).
    await seedPastSales(tx, now, { strict: false });
  });
}

/** What start-up prints after seeding: the demo logins and two customers' job pages at `origin`. */
export const demoLoginLines = (origin: string) => [
  `Demo logins (password "${DEMO_PASSWORD}"):`,
  `  super admin        ${DEMO_USERS.superAdmin.username}`,
  `  provider           ${DEMO_USERS.dave.username}  (${DEMO_USERS.dave.companyName}, owner of a team)`,
  `  provider           ${DEMO_USERS.priya.username}  (${DEMO_USERS.priya.companyName})`,
  `  team member        ${DEMO_USERS.tom.username}  (works under ${DEMO_USERS.dave.username}; sees no lead spend until ${DEMO_USERS.dave.username} shares it in Team Management)`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.sold)}  (bought and quoted by ${DEMO_USERS.dave.username}, who offered three times: "Pick a time" books one, and his card shows it Booked In)`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.onSale)}  (on the market)`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.invoiced)}  (booked by ${DEMO_USERS.dave.username}, tax invoice part paid: "Pay" online, a demo without Stripe keys)`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.reviewed)}  (paid, reviewed by the customer, with ${DEMO_USERS.dave.username}'s reply; the rules: ${origin}/reviews-policy)`,
  `Public profile:      ${origin}${profilePath(slugBase(DEMO_USERS.dave.companyName, DEMO_USERS.dave.serviceLocation))}  (${DEMO_USERS.dave.companyName}; Richmond VIC's listing: ${origin}/electricians/in/vic/richmond-3121)`,
  `Lead price tape:     ${origin}/lead-prices  (public; figures appear within seconds of start, groups under 5 sales suppressed)`,
  `Tax invoices for bought leads: sign in as ${DEMO_USERS.dave.username}, Dashboard > Purchase History ("Tax invoice" on each row, "Monthly statement" above)`,
  `Auto-buy:            sign in as ${DEMO_USERS.dave.username}, Dashboard > Auto-buy (repairs and upgrades within ${DEMO_AUTO_BUY.active.radiusKm} km of Parramatta up to $${DEMO_AUTO_BUY.active.maxPrice}); it buys ${DEMO_AUTO_BUY.comingCustomer}'s Liverpool switchboard lead as its price falls there, about 16 minutes after a fresh start; ${DEMO_AUTO_BUY.autoBoughtCustomer}'s job reads "Auto-bought" in the pipeline and Purchase History, and its notice stands above the pipeline until dismissed; the tab's "Caps for the whole business" hold every order to 5 leads a day and $300 a week, and saving an order that would buy at once names the leads first`,
  `Privacy before purchase: sign in as ${DEMO_USERS.dave.username}: Daniel's EV charger lead in Strathfield shows only safe words (code, partner's name and address masked); its job page above, the customer's own, masks by pattern`,
  `Chargebacks:         the operator's admin (/admin, ADMIN_USERNAME and ADMIN_PASSWORD) > Disputes: ${DEMO_USERS.priya.username}'s lead purchase disputed as fraudulent, evidence due in 5 days (Review and send the evidence: what the bank gets; it goes on its own a day before); no refund of it while the dispute is open; and a customer's $150 card payment on ${DEMO_USERS.dave.username}'s invoice SPK-000001, disputed: sign in as ${DEMO_USERS.dave.username}, the booked job's card > Details shows it ("What we send the bank")`,
  `Slow phone:          ${DEMO_USERS.dave.username}'s /dashboard and every job page above come with their first screen in the HTML: Purchase opens its confirmation before the app has loaded`,
  `Test results:        sign in as ${DEMO_USERS.dave.username}, Karen's paid switchboard job's card > Test results (the main earth, two circuits and their RCD, each value marked against its limit; tested, so a change is a correction that keeps the tested version)`,
  `Paperwork:           sign in as ${DEMO_USERS.dave.username}: Karen's paid switchboard job reads "Due soon" (its CCEW, within 7 days of the test) and the board's "Paperwork due" filter finds it; its card > Paperwork lays out the CCEW's fields to copy with its number, the test report PDF, and "Record as lodged" stops the clock`,
  `Undo a stage move:   sign in as ${DEMO_USERS.dave.username}, move a card in the pipeline: its notice offers Undo for 10 s`,
  `Return on lead spend: sign in as ${DEMO_USERS.dave.username}, Dashboard > Insights ("Last 90 days": lead spend, the funnel, revenue ex-GST, each figure's jobs, CSV)`,
];
