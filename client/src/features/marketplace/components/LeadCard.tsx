import { Archive, BadgeCheck, Clock, DollarSign, Gauge, Home, MapPin, Phone, User, Zap } from "lucide-react";
import { useState, type ReactNode } from "react";
import { labelOf } from "@shared/labels";
import type { MarketLead } from "@shared/marketplace";
import { auctionPriceAt } from "@shared/pricing";
import { leadScoreText } from "@shared/lead-score";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatKmAway } from "@/lib/format";
import { leadDayTime } from "@/lib/lead-clock";
import { cn } from "@/lib/utils";
import { leadAge } from "../lead-age";
import { BlurredPhotos, PhotoCountBadge } from "./LeadPhotos";
import { FreeIn, LivePrice } from "./LivePrice";

/**
 * One fact of the card: `dt` (the icon, with its name for screen readers) and `dd` as the only
 * children of the row, as a definition list requires. `compact` facts keep to one line on a
 * phone (docs/decisions/032); `more` facts show on a phone only once the card is expanded.
 */
function Fact({ icon, label, children, compact, more }: { icon: ReactNode; label: string; children: ReactNode; compact?: boolean; more?: boolean }) {
  return (
    <div className={cn("min-w-0 items-start gap-2 text-sm", more ? "hidden sm:flex group-data-[expanded]:flex" : "flex")} data-testid={`fact-${label}`}>
      <dt className="mt-0.5 shrink-0 text-slate-400 [&_svg]:size-4">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={cn("min-w-0 break-words", compact && "max-sm:truncate")}>{children}</dd>
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
  /** Why this account cannot buy, in a line (the server's standing decides): Purchase is then disabled, saying so. */
  cannotBuy?: string | null;
  /**
   * The server's first screen (client/src/app/pages/DashboardFirstScreen.tsx): Purchase opens this
   * popover, the purchase confirmation, without a script.
   */
  buyTarget?: string;
}

export function LeadCard({ lead, isNew, now, claimsFree, onBuy, onArchive, cannotBuy = null, buyTarget }: LeadCardProps) {
  // On a phone the card starts compact (place, budget, urgency, the price and the button in
  // the first screen); "More details" shows the rest. Wider screens always show everything.
  const [expanded, setExpanded] = useState(false);
  const urgent = lead.urgency === "emergency" || lead.urgency === "within_24h";
  const age = leadAge(lead, now);
  return (
    <Card
      className={cn("group flex min-w-0 flex-col gap-3 p-4 transition-shadow duration-1000 sm:gap-4 sm:p-5", isNew && "animate-slide-in ring-2 ring-spark-400")}
      id={`lead-${lead.id}`}
      data-testid="lead-card"
      data-new={isNew || undefined}
      data-expanded={expanded || undefined}
      aria-labelledby={`lead-${lead.id}-title`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`lead-${lead.id}-title`} className="font-semibold text-slate-900">
              {labelOf("serviceType", lead.serviceType)} · {labelOf("propertyType", lead.propertyType)}
            </h3>
            {urgent && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">{labelOf("urgency", lead.urgency)}</span>}
            {/* The customer confirmed their mobile with an SMS code (docs/decisions/034). */}
            {lead.phoneVerified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800">
                <BadgeCheck className="size-3.5" aria-hidden /> Mobile verified
              </span>
            )}
            {lead.photoCount > 0 && <PhotoCountBadge count={lead.photoCount} />}
          </div>
          <p className="text-xs text-slate-500 max-sm:truncate">
            {/* When the customer asked, not when it went on sale: a lead put back on sale says so (decision 037). */}
            {/* The age first: on a phone the line is cut at its end, and "back on sale" must show. */}
            <time dateTime={age.askedAt}>{age.text}</time> · {lead.jobReference} · {leadDayTime(lead.state, age.askedAt)}
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700" title="Lead score">
          <Gauge className="size-3.5" aria-hidden /> {leadScoreText(lead.leadScore)}
        </span>
      </div>

      <p className="text-sm leading-relaxed break-words text-slate-700 max-sm:line-clamp-2 group-data-[expanded]:line-clamp-none">{lead.electricalWork}</p>
      {/* Blurred by the server before purchase (docs/decisions/050-photos.md): enough to see there is something to look at. */}
      <BlurredPhotos photos={lead.photos} count={lead.photoCount} />

      <dl className="grid grid-cols-1 gap-1.5 sm:grid-cols-2 sm:gap-2">
        <Fact icon={<MapPin />} label="Location" compact>
          {lead.location ?? "Suburb shared after purchase"}
          {lead.distanceKm !== null && <span className="whitespace-nowrap text-slate-500"> · {formatKmAway(lead.distanceKm)}</span>}
          {!lead.locationVerified && (
            <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800">
              location unverified
            </span>
          )}
        </Fact>
        <Fact icon={<DollarSign />} label="Budget" compact>
          {labelOf("budgetRange", lead.budgetRange)}
        </Fact>
        <Fact icon={<User />} label="Customer" more>
          {lead.customerName}
        </Fact>
        <Fact icon={<Phone />} label="Phone" more>
          <span className="font-mono">{lead.customerPhone}</span>
        </Fact>
        <Fact icon={<Clock />} label="Urgency" compact>
          {labelOf("urgency", lead.urgency)} · {labelOf("timeframe", lead.timeframe)}
        </Fact>
        <Fact icon={<Home />} label="Property" more>
          {labelOf("propertyType", lead.propertyType)}
        </Fact>
      </dl>
      {lead.specialRequests && (
        <p className="hidden rounded-lg bg-amber-50 p-3 text-sm break-words text-amber-900 group-data-[expanded]:block sm:block">
          <span className="font-semibold">Special requests: </span>
          {lead.specialRequests}
        </p>
      )}

      {/* 44 px to tap, in the 20 px of the card it always took (-my-3): the Purchase button stays on the first screen (docs/decisions/038, 079).
          On the server's first screen a tap before the app is held and given to this card's button (server/platform/http/early-input.ts). */}
      <button
        type="button"
        className="-my-3 inline-flex min-h-11 items-center self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline sm:hidden"
        aria-expanded={expanded}
        data-held-tap={`details-${lead.id}`}
        onClick={() => setExpanded((v) => !v)}
      >
        {expanded ? "Fewer details" : "More details"}
      </button>

      {/* From sm up the price and Purchase head the card: below the details a long lead's button sat off
          a laptop's screen (docs/decisions/091-purchase-in-view.md). A phone's compact card keeps them last. */}
      <div className="mt-auto flex items-end gap-3 border-t border-slate-100 pt-3 sm:order-first sm:-mx-5 sm:-mt-5 sm:rounded-t-xl sm:border-t-0 sm:border-b sm:bg-slate-50 sm:px-5 sm:py-3">
        <div className="min-w-0 flex-1">
          <LivePrice startingPrice={lead.startingPrice} auctionStartedAt={lead.auctionStartedAt} now={now} />
        </div>
        {/* The countdown in the buttons' column, above them: beside a wide price it once ran under Purchase (docs/decisions/084-undo-a-stage-move.md). */}
        <div className="flex shrink-0 flex-col items-end gap-1">
          <FreeIn startingPrice={lead.startingPrice} auctionStartedAt={lead.auctionStartedAt} now={now} />
          <div className="flex gap-2">
            {onArchive && (
              <Button variant="outline" size="icon" aria-label={`Archive lead ${lead.jobReference}`} onClick={() => onArchive(lead)}>
                <Archive />
              </Button>
            )}
            <Button
              variant="spark"
              size="lg"
              disabled={cannotBuy !== null}
              aria-describedby={cannotBuy ? `lead-${lead.id}-cannot-buy` : undefined}
              onClick={() => onBuy(lead)}
              popoverTarget={buyTarget}
            >
              <Zap aria-hidden /> {buyLabel(lead, claimsFree, now)}
            </Button>
          </div>
        </div>
      </div>
      {cannotBuy && (
        <p id={`lead-${lead.id}-cannot-buy`} className="-mt-1 text-sm text-slate-600 sm:order-first" data-testid="cannot-buy">
          {cannotBuy}
        </p>
      )}
    </Card>
  );
}
