// Demo accounts and leads. Used by the embedded default on an empty database and by
// `npm run db:seed`; never run against a DATABASE_URL database otherwise. The rows are
// made by the same factories as the tests' (./factories.ts).
import { count } from "drizzle-orm";
import { jobPath } from "../../shared/jobs";
import { STAGE_TIMESTAMP } from "../../shared/pipeline";
import { auctionPriceAt, startingPriceFor } from "../../shared/pricing";
import { leads, users } from "../../shared/schema";
import { createJobLink, demoJobLink } from "../jobs";
import { leadScore } from "../leads";
import { addDays, sydneyDayKey } from "../../shared/sydney-time";
import { resolveSuburb } from "../suburbs";
import type { Db } from "./client";
import { DEMO_JOB_TOKENS, DEMO_LEADS, DEMO_PASSWORD, DEMO_USERS } from "./demo-data";
import { seedDemoDocuments } from "./demo-documents";
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
      recentSales.unshift(sale.amountPaid);
    }
    // A sent quote and a part-paid tax invoice on two of Dave's jobs (docs/decisions/051).
    const invoiced = purchaseOfToken.get(DEMO_JOB_TOKENS.invoiced)!;
    await seedDemoDocuments(tx, {
      daveId: ids.dave!,
      quotedPurchaseId: purchaseOfToken.get(DEMO_JOB_TOKENS.sold)!.id,
      invoicedPurchaseId: invoiced.id,
      customerName: invoiced.customerName,
      now,
    });
  });
}

/** What start-up prints after seeding: the demo logins and two customers' job pages at `origin`. */
export const demoLoginLines = (origin: string) => [
  `Demo logins (password "${DEMO_PASSWORD}"):`,
  `  super admin        ${DEMO_USERS.superAdmin.username}`,
  `  provider           ${DEMO_USERS.dave.username}  (${DEMO_USERS.dave.companyName}, owner of a team)`,
  `  provider           ${DEMO_USERS.priya.username}  (${DEMO_USERS.priya.companyName})`,
  `  team member        ${DEMO_USERS.tom.username}  (works under ${DEMO_USERS.dave.username})`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.sold)}  (bought and quoted by ${DEMO_USERS.dave.username})`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.onSale)}  (on the market)`,
  `Customer's job page: ${origin}${jobPath(DEMO_JOB_TOKENS.invoiced)}  (booked by ${DEMO_USERS.dave.username}, tax invoice part paid)`,
  `Tax invoices for bought leads: sign in as ${DEMO_USERS.dave.username}, Dashboard > Purchase History ("Tax invoice" on each row, "Monthly statement" above)`,
];
