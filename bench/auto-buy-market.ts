// The auto-buy bench's market (docs/decisions/064-auto-buy-engine.md): standing orders spread over
// real suburbs far apart, and leads whose falling prices reach their best order's maximum at
// planned moments. Each place is a cluster: owners, the centres of their areas and the leads all
// lie within 5 km of the cluster's suburb, every area is at least 15 km wide and clusters are
// 80 km or more apart, so an order can match only its own cluster's leads, and among those the
// filters alone decide. That lets the bench know, before the run, which orders want each lead
// and so when its price reaches the highest of their maximums.
import { AUTO_BUY_URGENCIES, momentPriceReaches } from "../shared/auto-buy";
import { JOB_PROPERTY_TYPES, JOB_SERVICE_TYPES, QUOTE_PROPERTY_TYPES, QUOTE_SERVICE_TYPES, QUOTE_URGENCIES } from "../shared/enums";
import { distanceKm } from "../shared/geo";
import { fromCents, toCents } from "../shared/pricing";
import { autoBuyOrders, leads, suburbs, users } from "../shared/schema";
import { hashPassword } from "../server/platform/access/password";
import type { Db } from "../server/platform/db/client";
import { vettedLicence } from "../server/setup/factories";
import { loadLocalities } from "../server/core/suburbs/import";

const CLUSTER_GAP_KM = 80;
const NEAR_KM = 5;
const RADII_KM = [15, 20, 25, 30];
/** Leads of one cluster at most (the full run's 1,000 over 100 places): every order's caps have room for them all. */
const CAPS_ROOM = 10;

interface Place {
  id: number;
  name: string;
  state: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

export interface PlannedOrder {
  id: number;
  ownerId: number;
  cluster: number;
  maxPriceCents: number;
  maxPerDay: number;
  maxPerWeekCents: number;
  serviceTypes: string[];
  propertyTypes: string[];
  urgencies: string[];
  minLeadScore: number;
  verifiedMobileOnly: boolean;
}

interface LeadTraits {
  serviceType: string;
  propertyType: string;
  urgency: string;
  leadScore: number;
  verified: boolean;
}

/** What the bench knows of a lead before the run: who wants it, and when its price reaches the best of them. */
export interface PlannedLead {
  id: number;
  jobReference: string;
  startingPrice: string;
  auctionStartedAt: Date;
  /** The orders whose area and filters take this lead. */
  wantedBy: Set<number>;
  /** When the price reaches the highest maximum among them. */
  moment: Date;
}

/** A repeatable pseudo-random sequence, so every run seeds the same market. */
export function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * `count` real suburbs at least 80 km apart, each with the suburbs within 5 km of it, and one far
 * from all of them; only these are written to the suburbs table if missing (the full import
 * takes longer than the run on the embedded database).
 */
export async function pickClusters(db: Db, count: number, next: () => number) {
  const all = loadLocalities()
    .filter((p) => p.latitude && p.longitude)
    .map((p) => ({
      name: p.name,
      state: p.state ?? "NSW",
      postcode: p.postcode,
      council: p.council,
      latitude: Number(p.latitude),
      longitude: Number(p.longitude),
    }));
  const shuffled = all.map((p) => ({ p, k: next() })).sort((a, b) => a.k - b.k);
  const centres: typeof all = [];
  for (const { p } of shuffled) {
    if (centres.length === count) break;
    if (centres.every((c) => distanceKm(c, p) >= CLUSTER_GAP_KM)) centres.push(p);
  }
  if (centres.length < count) throw new Error(`bench: only ${centres.length} suburbs ${CLUSTER_GAP_KM} km apart, ${count} wanted`);
  const near = centres.map((c) => all.filter((p) => distanceKm(c, p) <= NEAR_KM));
  // The manual baseline's leads: the suburb farthest from every cluster, so no order wants them.
  const nearest = (p: (typeof all)[number]) => Math.min(...centres.map((c) => distanceKm(c, p)));
  const remote = shuffled.slice(0, 2000).reduce((best, { p }) => (nearest(p) > nearest(best) ? p : best), all[0]!);
  if (nearest(remote) < 100) throw new Error(`bench: no suburb far enough from every cluster for the manual baseline`);
  const used = [...new Set([...near.flat(), remote])];
  // Already there when an instance has imported them all at its start (PostgreSQL).
  await db
    .insert(suburbs)
    .values(used.map((p) => ({ ...p, latitude: p.latitude.toFixed(8), longitude: p.longitude.toFixed(8) })))
    .onConflictDoNothing();
  const key = (p: { name: string; postcode: string; state: string }) => `${p.name}|${p.postcode}|${p.state}`;
  const ids = new Map(
    (await db.select({ id: suburbs.id, name: suburbs.name, postcode: suburbs.postcode, state: suburbs.state }).from(suburbs)).map((r) => [key(r), r.id]),
  );
  const placeOf = new Map(used.map((p): [typeof p, Place] => [p, { ...p, id: ids.get(key(p))! }]));
  return { near: near.map((ps) => ps.map((p) => placeOf.get(p)!)), remote: placeOf.get(remote)! };
}

const pick = <T>(next: () => number, xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
/** Empty (any) with probability `anyShare`, otherwise 1 to 3 of `xs`. */
const someOf = (next: () => number, xs: readonly string[], anyShare: number) =>
  next() < anyShare ? [] : [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, xs)))];

/** Owners (approved, licensed, each at a suburb of their cluster) and their orders, `perOwner` each, inserted. */
export async function seedOrders(db: Db, near: Place[][], orders: number, perOwner: number, next: () => number): Promise<PlannedOrder[]> {
  const password = await hashPassword("bench-password");
  const planned: PlannedOrder[] = [];
  const owners = orders / perOwner;
  for (let first = 0; first < owners; first += 500) {
    const batch = Array.from({ length: Math.min(500, owners - first) }, (_, j) => {
      const n = first + j;
      const home = pick(next, near[n % near.length]!);
      return {
        ...vettedLicence(),
        username: `auto-buy-owner-${n}`,
        email: `auto-buy-owner-${n}@example.com.au`,
        password,
        userType: "provider" as const,
        firstName: "Owner",
        lastName: String(n),
        // ACMA's range for fiction: never a bench customer's number.
        phone: "0491570156",
        companyName: `Owner ${n} Electrical`,
        serviceLocation: `${home.name} ${home.state} ${home.postcode}`,
        serviceLatitude: home.latitude.toFixed(8),
        serviceLongitude: home.longitude.toFixed(8),
        serviceRadius: pick(next, RADII_KM),
      };
    });
    const made = await db.insert(users).values(batch).returning({ id: users.id });
    const rows = made.flatMap(({ id: ownerId }, j) => {
      const cluster = (first + j) % near.length;
      return Array.from({ length: perOwner }, (_, k) => {
        const areaKind = (first + j + k) % 3;
        const fields = {
          ownerId,
          // Their service area; a radius around their service location; a radius around a suburb of the cluster.
          radiusKm: areaKind === 0 ? null : pick(next, RADII_KM),
          suburbId: areaKind === 2 ? pick(next, near[cluster]!).id : null,
          serviceTypes: someOf(next, JOB_SERVICE_TYPES, 0.5),
          propertyTypes: someOf(next, JOB_PROPERTY_TYPES, 0.6),
          urgencies: someOf(next, AUTO_BUY_URGENCIES, 0.6),
          minLeadScore: next() < 0.6 ? 0 : 3 + Math.floor(next() * 5),
          verifiedMobileOnly: next() < 0.2,
          // $15.00 to $60.00 in 50 c steps: equal maximums happen, and the tie-break decides them.
          maxPrice: fromCents(1500 + 50 * Math.floor(next() * 91)),
          // Hard caps with room for every lead of the cluster (CAPS_ROOM): caps that bind make a
          // lead wait for a lower order's maximum, minutes after the run, which no moment plans;
          // they are tested where the clock is the test's (server/features/auto-buy/engine-caps.test.ts,
          // instances.test.ts).
          maxPerDay: pick(
            next,
            [1, 2, 5].map((k) => k * CAPS_ROOM),
          ),
          maxPerWeek: fromCents(pick(next, [1, 2, 5]) * CAPS_ROOM * 6000),
        };
        return { fields, cluster };
      });
    });
    const ids = await db
      .insert(autoBuyOrders)
      .values(rows.map((r) => r.fields))
      .returning({ id: autoBuyOrders.id });
    ids.forEach(({ id }, i) => {
      const { fields, cluster } = rows[i]!;
      planned.push({ id, cluster, ...fields, maxPriceCents: toCents(fields.maxPrice), maxPerWeekCents: toCents(fields.maxPerWeek) });
    });
  }
  return planned;
}

/** Whether the order's filters take a lead with these traits (its area takes every lead of its cluster). */
function filtersTake(order: PlannedOrder, lead: LeadTraits) {
  return (
    (order.serviceTypes.length === 0 || order.serviceTypes.includes(lead.serviceType)) &&
    (order.propertyTypes.length === 0 || order.propertyTypes.includes(lead.propertyType)) &&
    (order.urgencies.length === 0 || order.urgencies.includes(lead.urgency)) &&
    lead.leadScore >= order.minLeadScore &&
    (!order.verifiedMobileOnly || lead.verified)
  );
}

const leadRow = (ref: string, at: Place, startingPrice: string, auctionStartedAt: Date, traits: LeadTraits) => ({
  jobReference: ref,
  customerName: `Customer ${ref}`,
  customerPhone: "0412345678",
  serviceLocation: `${at.name} ${at.state} ${at.postcode}`,
  electricalWork: "Switchboard upgrade, the old fuses keep blowing when the oven is on",
  serviceType: traits.serviceType,
  propertyType: traits.propertyType,
  urgency: traits.urgency,
  leadScore: traits.leadScore,
  phoneVerifiedAt: traits.verified ? auctionStartedAt : null,
  suburbId: at.id,
  suburb: at.name,
  state: at.state,
  postcode: at.postcode,
  latitude: at.latitude.toFixed(8),
  longitude: at.longitude.toFixed(8),
  startingPrice,
  createdAt: auctionStartedAt,
  auctionStartedAt,
  status: "available" as const,
});

/**
 * `count` leads spread over the clusters, inserted in one statement, each with its auction
 * started in the past so that its price reaches its best order's maximum at `momentAt(i)`.
 */
export async function seedFallingLeads(db: Db, near: Place[][], orders: PlannedOrder[], count: number, momentAt: (i: number) => Date, next: () => number) {
  const byCluster = near.map((_, c) => orders.filter((o) => o.cluster === c));
  const plans = Array.from({ length: count }, (_, i) => {
    const cluster = i % near.length;
    for (;;) {
      const traits: LeadTraits = {
        serviceType: pick(next, QUOTE_SERVICE_TYPES),
        propertyType: pick(next, QUOTE_PROPERTY_TYPES),
        urgency: pick(next, QUOTE_URGENCIES),
        leadScore: 2 + Math.floor(next() * 8),
        verified: next() < 0.7,
      };
      const wanting = byCluster[cluster]!.filter((o) => filtersTake(o, traits));
      if (wanting.length === 0) continue;
      // No order reaches a cap in the run (CAPS_ROOM), so the order with the best maximum buys
      // the lead the moment its price reaches that maximum, and an unsold lead is a lost one.
      const best = Math.max(...wanting.map((o) => o.maxPriceCents));
      // Started well above the best maximum, as a real $40+ lead is when it goes on sale.
      const startingPrice = fromCents(Math.max(4000, Math.round(best * (1.2 + next() * 0.8))));
      const untilReached = momentPriceReaches({ startingPrice, auctionStartedAt: new Date(0) }, best)!.getTime();
      const moment = momentAt(i);
      return {
        traits,
        wantedBy: new Set(wanting.map((o) => o.id)),
        startingPrice,
        auctionStartedAt: new Date(moment.getTime() - untilReached),
        moment,
        at: pick(next, near[cluster]!),
      };
    }
  });
  const stamp = Date.now().toString(36);
  const made = await db
    .insert(leads)
    .values(plans.map((p, i) => leadRow(`AB-${stamp}-${i}`, p.at, p.startingPrice, p.auctionStartedAt, p.traits)))
    .returning({ id: leads.id, jobReference: leads.jobReference });
  return made.map(({ id, jobReference }, i): PlannedLead => ({ id, jobReference, ...plans[i]! }));
}

/** Leads no order wants (at the remote suburb), for the manual baseline, each reaching $20 at `momentAt(i)`. */
export async function seedManualLeads(db: Db, remote: Place, count: number, momentAt: (i: number) => Date) {
  const traits: LeadTraits = { serviceType: "repair", propertyType: "residential", urgency: "within_week", leadScore: 5, verified: true };
  const untilReached = momentPriceReaches({ startingPrice: "40.00", auctionStartedAt: new Date(0) }, 2000)!.getTime();
  const stamp = Date.now().toString(36);
  return db
    .insert(leads)
    .values(Array.from({ length: count }, (_, i) => leadRow(`MB-${stamp}-${i}`, remote, "40.00", new Date(momentAt(i).getTime() - untilReached), traits)))
    .returning({ id: leads.id });
}
