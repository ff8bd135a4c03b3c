// The electrician's return for a period (docs/decisions/067-insights.md): whose jobs count, the
// figures, and the region's medians beside them, never built from fewer than MIN_PEERS others.
import type { CurrentUser } from "../../../shared/auth";
import {
  medianCents,
  median,
  MIN_PEERS,
  periodInstants,
  weekStartOf,
  type InsightsQuery,
  type InsightsResponse,
  type PeerFigures,
} from "../../../shared/insights";
import { fromCents } from "../../../shared/pricing";
import { addDays } from "../../../shared/sydney-time";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { figuresOf, type Figures } from "./figures";
import { regionOfLocation } from "./region";
import { jobRowsOf, paymentRowsOf, peerCandidates, serviceLocationOf, type JobScope } from "./repo";

const money = (value: number | null) => (value === null ? null : fromCents(value));

async function figuresIn(db: Db, scope: JobScope): Promise<Figures> {
  const [jobs, payments] = await Promise.all([jobRowsOf(db, scope), paymentRowsOf(db, scope)]);
  return figuresOf(jobs, payments);
}

/** Every week of the period, Monday first, empty ones included, so the chart's axis is the period's. */
function weeksOfPeriod(period: InsightsQuery, figures: Figures) {
  const found = new Map(figures.weeks.map((w) => [w.weekStart, w]));
  const weeks = [];
  for (let week = weekStartOf(period.from); week <= period.to; week = addDays(week, 7)) {
    const w = found.get(week);
    weeks.push({ weekStart: week, spend: fromCents(w?.spendCents ?? 0), revenue: fromCents(w?.revenueCents ?? 0) });
  }
  return weeks;
}

/** A median of one figure over the peers who have it; null when fewer than MIN_PEERS do. */
function peerMedian(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length < MIN_PEERS ? null : median(present);
}
function peerMedianCents(values: Array<number | null>): string | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length < MIN_PEERS ? null : money(medianCents(present));
}

/**
 * The region's medians: the other electricians whose service location lies in the owner's SA4
 * area and who bought a market lead in the period, each as a whole business. Null under MIN_PEERS.
 */
async function peersOf(db: Db, ownerId: number, period: InsightsQuery): Promise<PeerFigures | null> {
  const region = await regionOfLocation(db, await serviceLocationOf(db, ownerId));
  if (!region) return null;
  const instants = periodInstants(period);
  const peers: number[] = [];
  for (const candidate of await peerCandidates(db, instants, ownerId)) {
    if ((await regionOfLocation(db, candidate.serviceLocation))?.code === region.code) peers.push(candidate.id);
  }
  if (peers.length < MIN_PEERS) return null;
  const each = await Promise.all(peers.map((id) => figuresIn(db, { ownerIds: [id], ...instants })));
  const of = <K extends keyof Figures>(key: K) => each.map((f) => f[key]) as Array<Figures[K]>;
  return {
    region: region.name,
    electricians: peers.length,
    leadsBought: peerMedian(of("leadsBought")),
    spend: peerMedianCents(of("spendCents")),
    contacted: peerMedian(of("contacted")),
    quoted: peerMedian(of("quoted")),
    accepted: peerMedian(of("accepted")),
    booked: peerMedian(of("booked")),
    paid: peerMedian(of("paid")),
    declined: peerMedian(of("declined")),
    revenue: peerMedianCents(of("revenueCents")),
    returnOnSpend: peerMedian(of("returnOnSpend")),
    costPerWonJob: peerMedianCents(of("costPerWonJobCents")),
    medianMinutesToContact: peerMedian(of("medianMinutesToContact")),
  };
}

/**
 * An owner (or the super admin) sees their whole business; a team member only the jobs assigned
 * to them, with those jobs' lead cost (which their cards already show) and nobody else's.
 */
export async function insightsFor(db: Db, user: CurrentUser, period: InsightsQuery): Promise<InsightsResponse> {
  const ownerId = pipelineOwnerId(user);
  const assigned = user.userType === "team_member";
  const figures = await figuresIn(db, { ownerIds: [ownerId], assignedTo: assigned ? user.id : undefined, ...periodInstants(period) });
  return {
    from: period.from,
    to: period.to,
    leadsBought: figures.leadsBought,
    spend: fromCents(figures.spendCents),
    contacted: figures.contacted,
    quoted: figures.quoted,
    accepted: figures.accepted,
    booked: figures.booked,
    paid: figures.paid,
    declined: figures.declined,
    declineReasons: figures.declineReasons,
    revenue: fromCents(figures.revenueCents),
    returnOnSpend: figures.returnOnSpend,
    costPerWonJob: money(figures.costPerWonJobCents),
    medianMinutesToContact: figures.medianMinutesToContact,
    peer: await peersOf(db, ownerId, period),
    scope: assigned ? "assigned" : "business",
    weeks: weeksOfPeriod(period, figures),
    jobs: figures.jobs,
  };
}
