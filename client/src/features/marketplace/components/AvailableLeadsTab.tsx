import { Inbox, MapPin } from "lucide-react";
import { Fragment, useEffect, useState } from "react";
import type { CurrentUser } from "@shared/auth";
import { DEFAULT_SERVICE_RADIUS } from "@shared/service-radius";
import type { MarketLead } from "@shared/marketplace";
import { marketCountLabel } from "@shared/market-terms";
import { MARKET_MESSAGES } from "@shared/market-messages";
import { can } from "@shared/policy";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Fold } from "@/components/ui/fold";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useArchiveAvailableLead } from "../api/archive-lead";
import { useAvailableLeads } from "../api/available-leads";
import { useLinkedLead } from "../api/linked-lead";
import type { LiveMarket } from "../api/live-market";
import type { PurchaseResult } from "../api/purchase";
import { useMarketFilters } from "../market-filters";
import { LeadCard } from "./LeadCard";
import { FiltersButton, filtersSet, filtersSummary, MarketFilterBar } from "./MarketFilterBar";
import { useServerNow } from "./LivePrice";
import { PrivacyNotice } from "./PrivacyNotice";
import { PurchaseDialog } from "./PurchaseDialog";
import { LeadCardSkeletons } from "./LeadCardSkeletons";

interface AvailableLeadsTabProps {
  user: CurrentUser;
  /** The page's one stream (useLiveMarket): new leads to highlight, leads gone, the notice. */
  live: LiveMarket;
  onPurchased: (result: PurchaseResult) => void;
  /** Opens the Manage Service Area dialog (another feature's, so the page hands it in). */
  onSetServiceArea?: () => void;
  /** Why this account cannot buy yet (the server's words), or null. Purchase then explains instead (docs/decisions/033). */
  cannotBuy?: string | null;
  /** The same in a line for each card, whose Purchase it disables (docs/decisions/085-an-honest-public-profile.md). */
  cannotBuyOnCard?: string | null;
}

export function AvailableLeadsTab({ user, live, onPurchased, onSetServiceArea, cannotBuy = null, cannotBuyOnCard = null }: AvailableLeadsTabProps) {
  const claimsFree = can(user, "claimLeadsFree");
  const mayArchive = can(user, "archiveAvailableLead");
  const seesCustomers = can(user, "seeCustomersBeforePurchase");
  const { filters, setFilters } = useMarketFilters();
  const { data, isLoading, error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useAvailableLeads(
    can(user, "viewMarket"),
    filters,
    live.status === "live",
  );
  const hasArea = user.serviceLatitude != null && user.serviceLongitude != null;
  const areaLabel = hasArea ? `Within ${user.serviceRadius ?? DEFAULT_SERVICE_RADIUS} km of ${user.serviceLocation ?? "your base"}` : undefined;
  // The scope the server applied; before it answers, what was asked or the viewer's default.
  const startScope = hasArea && !can(user, "startMarketOnAllAustralia") ? "area" : "all";
  const scope = data?.scope ?? filters.scope ?? startScope;
  // The phone's filters wait behind one button (docs/decisions/091-purchase-in-view.md).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const clockOffsetMs = data?.clockOffsetMs ?? 0;
  const now = useServerNow(clockOffsetMs);
  const [buying, setBuying] = useState<MarketLead | null>(null);
  const [archiving, setArchiving] = useState<MarketLead | null>(null);
  const archive = useArchiveAvailableLead();
  // /dashboard?lead=<id> (an alert's tap): that lead's purchase dialog opens, ready to buy.
  const linked = useLinkedLead(can(user, "viewMarket"));
  const linkedListing = linked.listing;
  useEffect(() => {
    if (linkedListing?.status !== "available") return;
    setBuying(linkedListing.lead);
    document.getElementById(`lead-${linkedListing.lead.id}`)?.scrollIntoView({ block: "center" });
  }, [linkedListing]);
  const linkedNotice =
    linkedListing && linkedListing.status !== "available" ? MARKET_MESSAGES[linkedListing.status === "sold" ? "linkedSold" : "linkedGone"] : null;
  const closePurchase = () => {
    setBuying(null);
    if (linked.id !== null) linked.clear();
  };

  async function confirmArchive() {
    if (!archiving) return;
    try {
      await archive.mutateAsync(archiving.id);
      toast({ title: "Lead archived", description: `${archiving.jobReference} is off the market.` });
    } catch {
      toast({ title: "Error", description: "Failed to archive lead.", variant: "destructive" });
    } finally {
      setArchiving(null);
    }
  }

  return (
    <section aria-labelledby="available-leads-heading" className="space-y-3 sm:space-y-4">
      {/* The cards' h3 titles sit under this (docs/decisions/032, axe heading-order). */}
      <h2 id="available-leads-heading" className="sr-only">
        Available leads
      </h2>
      {linkedNotice && (
        <Alert title={linkedNotice} className="items-start">
          <p>
            {linkedListing?.status === "sold" ? "Another electrician got to it first." : "It was withdrawn or taken off the market."} The leads below are live.
          </p>
          <Button size="sm" variant="outline" className="mt-2" onClick={linked.clear}>
            OK
          </Button>
        </Alert>
      )}
      {data?.needsServiceArea && (
        <Fold
          icon={<MapPin />}
          summary={
            <>
              Set your service area<span className="max-sm:hidden"> to see the jobs near you</span>
            </>
          }
        >
          <p className="font-normal">
            <span className="sm:hidden">To see the jobs near you. </span>Until then you see leads from all of Australia, without distances.
          </p>
          {onSetServiceArea && (
            <Button size="sm" className="mt-2" onClick={onSetServiceArea}>
              <MapPin aria-hidden /> Set service area
            </Button>
          )}
        </Fold>
      )}
      {/* Every notice above the leads is one line (docs/decisions/091-purchase-in-view.md). On a phone the
          privacy notice waits below the first lead, and this line says what the list shows beside the
          Filters button, which opens the bar. */}
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <PrivacyNotice seesCustomers={seesCustomers} className="max-sm:hidden" />
          <p className="truncate text-sm text-slate-600 sm:hidden">{filtersSummary(filters, scope)}</p>
          {/* Always in the page, so screen readers hear each notice as it changes. For its six seconds it
              lies over this line, so the leads never move as it comes and goes (decision 091); a tap goes
              through it. */}
          <p
            role="status"
            className={
              live.notice
                ? "pointer-events-none absolute inset-x-0 top-1/2 flex min-h-11 -translate-y-1/2 items-center rounded-xl bg-slate-800 px-3 py-0.5 text-sm leading-tight font-medium text-white sm:top-0 sm:min-h-[42px] sm:translate-y-0 sm:px-4"
                : "sr-only"
            }
            data-testid="market-notice"
          >
            {live.notice}
          </p>
        </div>
        <FiltersButton
          className="sm:hidden"
          count={filtersSet(filters, scope, startScope)}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((open) => !open)}
          controls="market-filters"
        />
      </div>
      <MarketFilterBar
        id="market-filters"
        className={cn(!filtersOpen && "max-sm:hidden")}
        filters={filters}
        onChange={setFilters}
        scope={scope}
        hasArea={hasArea}
        areaLabel={areaLabel}
      />
      {isLoading && <LeadCardSkeletons />}
      {/* A failed poll keeps the cards already shown; the next poll tries again. */}
      {error && !data && <p className="py-10 text-center text-red-600">{error.message}</p>}
      {data && data.leads.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <Inbox className="size-10 text-slate-300" aria-hidden />
          <p className="font-medium">
            {filters.serviceType
              ? "No available leads of these types"
              : filters.withPhotos === "true"
                ? "No available leads with photos"
                : "No available leads at the moment"}
          </p>
          <p className="text-sm text-slate-500">
            {data.scope === "area" ? `${areaLabel}. New jobs appear here as customers ask for quotes.` : "New jobs appear here as customers ask for quotes."}
          </p>
          {data.scope === "area" && (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => setFilters({ ...filters, scope: "all" })}>
              Show all Australia
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {data?.leads.map((lead, i) => (
          <Fragment key={lead.id}>
            <LeadCard
              lead={lead}
              isNew={live.fresh.has(lead.id)}
              now={now}
              claimsFree={claimsFree}
              onBuy={setBuying}
              onArchive={mayArchive ? setArchiving : undefined}
              cannotBuy={cannotBuyOnCard}
            />
            {i === 0 && <PrivacyNotice seesCustomers={seesCustomers} className="sm:hidden" />}
          </Fragment>
        ))}
      </div>
      {data && hasNextPage && (
        <div className="flex flex-col items-center gap-2 pt-2">
          <p className="text-sm text-slate-600" data-testid="leads-shown">
            Showing {data.leads.length} of {marketCountLabel(data.total)} leads
          </p>
          {isFetchNextPageError && <p className="text-sm text-red-600">{error?.message ?? "Could not load more leads."}</p>}
          <Button variant="outline" size="lg" className="w-full sm:w-auto sm:min-w-64" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? "Loading..." : isFetchNextPageError ? "Try again" : "Load more leads"}
          </Button>
        </div>
      )}
      <PurchaseDialog
        lead={buying}
        gone={buying ? (live.gone.get(buying.id) ?? null) : null}
        user={user}
        cannotBuy={cannotBuy}
        clockOffsetMs={clockOffsetMs}
        onClose={closePurchase}
        onPurchased={(result) => {
          closePurchase();
          onPurchased(result);
        }}
      />
      <ConfirmDialog
        open={archiving !== null}
        title="Archive this lead?"
        description="It will be taken off the marketplace and no electrician will see it."
        confirmLabel="Archive"
        destructive
        busy={archive.isPending}
        onConfirm={confirmArchive}
        onCancel={() => setArchiving(null)}
      />
    </section>
  );
}
