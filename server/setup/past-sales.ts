// A seeded past market for the price tape (docs/decisions/066-price-tape.md): sales and listings
// that reached $0 in a few suburbs of four states, big groups and small ones, for the demo and the
// tests; each listing's groups are worked out here from what was inserted, not from the rollup.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { auctionPriceAt, fromCents, MINIMUM_STARTING_CENTS } from "../../shared/pricing";
import { leadPurchases, leads, suburbs } from "../../shared/schema";
import { zoneOfState } from "../../shared/state-time";
import { addDays, sydneyDayKey } from "../../shared/sydney-time";
import type { Db } from "../platform/db/client";
import { createUser } from "./factories";

export interface SeededListing {
  state: string;
  region: string;
  suburb: string;
  serviceType: string;
  hour: number;
  day: string;
  week: string;
  sold: boolean;
  /** Where its price started: at least the market's minimum, as every listing's. */
  startCents: number;
  /** What it sold for (a sold one): its starting price fallen for the minutes and seconds it took. */
  priceCents: number;
  minutes: number;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ["installation", "repair", "maintenance", "emergency", "upgrade"];
/** Places and how many listings each gets: NSW busy, VIC middling, QLD thin, TAS a handful. */
const PLACES: Array<[name: string, postcode: string, state: string, listings: number]> = [
  ["Parramatta", "2150", "NSW", 60],
  ["Harris Park", "2150", "NSW", 9],
  ["Bondi", "2026", "NSW", 40],
  ["Newtown", "2042", "NSW", 25],
  ["Penrith", "2750", "NSW", 4],
  ["Richmond", "3121", "VIC", 30],
  ["Geelong", "3220", "VIC", 12],
  ["Southport", "4215", "QLD", 9],
  ["Hobart", "7000", "TAS", 3],
  // A long name, as the page must show one on a phone.
  ["Sydney International Airport", "2020", "NSW", 7],
];

function localHour(instant: Date, state: string) {
  return Number(new Intl.DateTimeFormat("en-AU", { timeZone: zoneOfState(state), hour: "2-digit", hourCycle: "h23" }).format(instant));
}

function mondayOf(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/**
 * Inserts the past market and returns each listing as the tape should count it. `strict`: a place
 * missing from the suburbs table is an error (tests); otherwise it is left out (a demo without suburbs).
 */
export async function seedPastSales(db: Db, now: Date, { seed = 31, strict = true } = {}): Promise<SeededListing[]> {
  const random = seededRandom(seed);
  // The past buyers stand for many electricians: one account nobody signs in to.
  const buyer = await createUser(db, {
    username: `past-sales-${seed}`,
    email: `past-sales-${seed}@example.com`,
    firstName: "Past",
    lastName: "Sales",
    password: randomBytes(24).toString("base64url"),
    // Not an electrician anyone can find: no public profile, no sign-in.
    isActive: false,
  });
  const listings: SeededListing[] = [];
  // Built first and inserted in two statements, not two for each of the ~200 listings: the demo
  // and every browser test's server seed this (docs/decisions/071).
  const rows: (typeof leads.$inferInsert)[] = [];
  const sales: { jobReference: string; soldAt: Date; priceCents: number }[] = [];
  for (const [name, postcode, state, count] of PLACES) {
    const [place] = await db
      .select()
      .from(suburbs)
      .where(sql`${suburbs.name} = ${name} and ${suburbs.postcode} = ${postcode} and ${suburbs.state} = ${state}`);
    if (!place?.sa4Code) {
      if (strict) throw new Error(`seed: ${name} ${postcode} has no SA4 area`);
      continue;
    }
    for (let i = 0; i < count; i++) {
      // Whole minutes from now, inside the last 89 days, so no listing sits on a window's edge.
      const startedAt = new Date(now.getTime() - (60 + Math.floor(random() * 88 * 24 * 60)) * 60_000);
      const sold = random() < 0.8;
      const minutes = Math.floor(random() * 59);
      const secondsIn = minutes * 60 + Math.floor(random() * 59);
      const startCents = MINIMUM_STARTING_CENTS + Math.floor(random() * 6000);
      const soldAt = new Date(startedAt.getTime() + secondsIn * 1000);
      // The price the buyer paid, by the market's own rule (shared/pricing.ts).
      const priceCents = auctionPriceAt(fromCents(startCents), startedAt, soldAt).priceCents;
      const serviceType = TYPES[Math.floor(random() * TYPES.length)]!;
      const jobReference = `PAST-${seed}-${listings.length}`;
      rows.push({
        jobReference,
        customerName: "Karen Mitchell",
        customerPhone: "0411222333",
        serviceType,
        electricalWork: "Switchboard upgrade",
        serviceLocation: `${name} ${state} ${postcode}`,
        suburbId: place.id,
        suburb: name,
        state,
        postcode,
        latitude: place.latitude,
        longitude: place.longitude,
        status: sold ? "sold" : "available",
        // An unsold listing left the market after its hour (the operator archived it), as the
        // tape counts it: never a free lead on today's market or an auto-buy order's.
        ...(sold ? {} : { isArchived: true, archivedAt: new Date(startedAt.getTime() + 2 * 60 * 60_000) }),
        startingPrice: fromCents(startCents),
        createdAt: startedAt,
        auctionStartedAt: startedAt,
      });
      const endedAt = new Date(startedAt.getTime() + 60 * 60_000);
      if (sold) sales.push({ jobReference, soldAt, priceCents });
      const day = sydneyDayKey(sold ? soldAt : endedAt);
      listings.push({
        state,
        region: `${state}:${place.sa4Code}`,
        suburb: `${state}:${place.sa4Code}/${place.id}`,
        serviceType,
        hour: localHour(startedAt, state),
        day,
        week: mondayOf(day),
        sold,
        startCents,
        priceCents,
        minutes,
      });
    }
  }
  if (rows.length > 0) {
    const inserted = await db.insert(leads).values(rows).returning({ id: leads.id, jobReference: leads.jobReference });
    const idOf = new Map(inserted.map((row) => [row.jobReference, row.id]));
    if (sales.length > 0)
      await db.insert(leadPurchases).values(
        sales.map((sale) => ({
          leadId: idOf.get(sale.jobReference)!,
          buyerId: buyer.id,
          buyerName: "Past Sales",
          // Paid in full: the next quote's starting price is the average of the last sales.
          amountPaid: fromCents(sale.priceCents),
          originalPrice: fromCents(sale.priceCents),
          paymentStatus: "completed" as const,
          purchasedAt: sale.soldAt,
        })),
      );
  }
  // Never on the tape: a provider's own job (in tests only; the demo keeps its own jobs its own).
  if (!strict) return listings;
  const own = await db
    .insert(leads)
    .values({
      jobReference: `PAST-${seed}-own`,
      customerName: "Own",
      customerPhone: "0411222333",
      electricalWork: "x",
      serviceLocation: "Parramatta NSW 2150",
      state: "NSW",
      source: "provider_manual",
      status: "sold",
      auctionStartedAt: new Date(now.getTime() - 3 * 3600_000),
    })
    .returning({ id: leads.id });
  await db.insert(leadPurchases).values({
    leadId: own[0]!.id,
    buyerId: buyer.id,
    buyerName: "Own",
    originalPrice: "12.00",
    paymentStatus: "completed",
    purchasedAt: new Date(now.getTime() - 2.9 * 3600_000),
  });
  return listings;
}
