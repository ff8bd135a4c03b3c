import { Archive, BadgeCheck, Clock, DollarSign, Gauge, Home, MapPin, Phone, User, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { labelOf } from "@shared/labels";
import type { MarketLead } from "@shared/marketplace";
import { auctionPriceAt } from "@shared/pricing";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatKmAway, formatRelative, formatSydneyDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { LivePrice } from "./LivePrice";

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <span className="mt-0.5 text-slate-400 [&_svg]:size-4">{icon}</span>
      <div>
        <dt className="sr-only">{label}</dt>
        <dd>{children}</dd>
      </div>
    </div>
  );
}

export function buyLabel(lead: MarketLead, claimsFree: boolean, now: Date) {
  if (claimsFree) return "Claim";
  return auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now).isFree ? "Claim FREE" : "Purchase";
}

interface LeadCardProps {
  lead: MarketLead;
  /** Just put on sale while the page was open: it slides in highlighted. */
  isNew?: boolean;
  now: Date;
  /** The super admin's claim at $0 (shared/policy.ts claimLeadsFree). */
  claimsFree: boolean;
  onBuy: (lead: MarketLead) => void;
  /** Given only to those who may take a lead off the market. */
  onArchive?: (lead: MarketLead) => void;
}

export function LeadCard({ lead, isNew, now, claimsFree, onBuy, onArchive }: LeadCardProps) {
  const urgent = lead.urgency === "emergency" || lead.urgency === "within_24h";
  return (
    <Card
      className={cn("flex flex-col gap-4 p-4 transition-shadow duration-1000 sm:p-5", isNew && "animate-slide-in ring-2 ring-spark-400")}
      id={`lead-${lead.id}`}
      data-testid="lead-card"
      data-new={isNew || undefined}
      aria-labelledby={`lead-${lead.id}-title`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`lead-${lead.id}-title`} className="font-semibold text-slate-900">
              {labelOf("serviceType", lead.serviceType)} · {labelOf("propertyType", lead.propertyType)}
            </h3>
            {urgent && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">{labelOf("urgency", lead.urgency)}</span>}
            {/* The customer confirmed their mobile with an SMS code (issue 16). */}
            {lead.phoneVerified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800">
                <BadgeCheck className="size-3.5" aria-hidden /> Mobile verified
              </span>
            )}
          </div>
          <p className="text-xs text-slate-500">
            {/* Posted = put on sale: a lead the super admin returns to market gets a fresh auctionStartedAt. */}
            {lead.jobReference} · Posted <time dateTime={lead.auctionStartedAt}>{formatRelative(lead.auctionStartedAt, now)}</time> ·{" "}
            {formatSydneyDateTime(lead.auctionStartedAt)}
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700" title="Lead score">
          <Gauge className="size-3.5" aria-hidden /> {lead.leadScore}/10
        </span>
      </div>

      <p className="text-sm leading-relaxed text-slate-700">{lead.electricalWork}</p>

      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Fact icon={<MapPin />} label="Location">
          {lead.location ?? "Suburb shared after purchase"}
          {lead.distanceKm !== null && <span className="whitespace-nowrap text-slate-500"> · {formatKmAway(lead.distanceKm)}</span>}
          {!lead.locationVerified && (
            <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800">
              location unverified
            </span>
          )}
        </Fact>
        <Fact icon={<DollarSign />} label="Budget">
          {labelOf("budgetRange", lead.budgetRange)}
        </Fact>
        <Fact icon={<User />} label="Customer">
          {lead.customerName}
        </Fact>
        <Fact icon={<Phone />} label="Phone">
          <span className="font-mono">{lead.customerPhone}</span>
        </Fact>
        <Fact icon={<Clock />} label="Urgency">
          {labelOf("urgency", lead.urgency)} · {labelOf("timeframe", lead.timeframe)}
        </Fact>
        <Fact icon={<Home />} label="Property">
          {labelOf("propertyType", lead.propertyType)}
        </Fact>
      </dl>
      {lead.specialRequests && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <span className="font-semibold">Special requests: </span>
          {lead.specialRequests}
        </p>
      )}

      <div className="mt-auto flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <LivePrice startingPrice={lead.startingPrice} auctionStartedAt={lead.auctionStartedAt} now={now} />
        </div>
        <div className="flex gap-2">
          {onArchive && (
            <Button variant="outline" size="icon" aria-label={`Archive lead ${lead.jobReference}`} onClick={() => onArchive(lead)}>
              <Archive />
            </Button>
          )}
          <Button variant="spark" size="lg" className="flex-1 sm:flex-none" onClick={() => onBuy(lead)}>
            <Zap aria-hidden /> {buyLabel(lead, claimsFree, now)}
          </Button>
        </div>
      </div>
    </Card>
  );
}
