// The provider lead dashboard (docs/product.md section 2, /dashboard): the page composes the
// marketplace (Leads tab), the pipeline, team management and the service area.
import { Bell, Building2, CalendarDays, Download, MapPin, Plus, Users } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { marketCountLabel } from "@shared/market-terms";
import { PIPELINE_TABS } from "@shared/pipeline-tabs";
import { can, needsLicence } from "@shared/policy";
import { Footer } from "@/components/layout/Footer";
import { Header } from "@/components/layout/Header";
import { Button } from "@/components/ui/button";
import { useAutoBuyOrders } from "@/features/auto-buy/api/orders";
import { isBackFromBank } from "@/features/auto-buy/card-return";
import { useBackFromStripe } from "@/features/business/back-from-stripe";
import { useDashboardNotices } from "@/features/notices";
import { useAvailableLeads } from "@/features/marketplace/api/available-leads";
import { useOpenLinkedLead } from "@/features/marketplace/api/linked-lead";
import { useLiveMarket } from "@/features/marketplace/api/live-market";
import { AvailableLeadsTab } from "@/features/marketplace/components/AvailableLeadsTab";
import { useMarketFilters } from "@/features/marketplace/market-filters";
import { LiveBadge } from "@/features/marketplace/components/LiveBadge";
import { EXPORT_URL, usePurchasedLeads } from "@/features/pipeline/api/purchases";
import { exportUrl, useDateFilter } from "@/features/pipeline/date-filter";
import { PipelineBoard } from "@/features/pipeline/components/PipelineBoard";
import { setJobFilter } from "@/features/pipeline/job-filter";
import { loadStageCard } from "@/features/pipeline/board-chunks";
import { DashboardSkeleton } from "./DashboardSkeleton";
import { DashboardTitle, dashboardTitle } from "./DashboardTitle";
import { NoticeLine } from "./NoticeLine";
import { useDashboardTab } from "./dashboard-tab";
import { useVerification } from "@/features/vetting/api/verification";
import { cannotBuyOnCard } from "@/features/vetting/cannot-buy";
import { useCurrentUser } from "@/lib/auth";
import { handOverFirstScreen } from "@/lib/first-screen";
import { usePageMeta } from "@/lib/seo";

/** The owner's auto-buy orders load with their tab, in a chunk of their own (docs/decisions/065-auto-buy-screens.md). */
const AutoBuyTab = lazy(() => import("@/features/auto-buy/components/AutoBuyTab"));
// What the first screen does not show loads when it is opened, each in a chunk of its own
// (docs/decisions/113-the-dashboards-first-load.md): the Insights tab and the menu's dialogs.
const InsightsTab = lazy(() => import("@/features/insights/components/InsightsTab").then((m) => ({ default: m.InsightsTab })));
const TeamManagementDialog = lazy(() => import("@/features/team/components/TeamManagementDialog").then((m) => ({ default: m.TeamManagementDialog })));
const AddLeadDialog = lazy(() => import("@/features/pipeline/components/AddLeadDialog").then((m) => ({ default: m.AddLeadDialog })));
const ServiceAreaDialog = lazy(() => import("@/features/service-area/ServiceAreaDialog").then((m) => ({ default: m.ServiceAreaDialog })));
const AlertsDialog = lazy(() => import("@/features/alerts").then((m) => ({ default: m.AlertsDialog })));
const CalendarFeedDialog = lazy(() => import("@/features/calendar-feed").then((m) => ({ default: m.CalendarFeedDialog })));
const BusinessDetailsDialog = lazy(() => import("@/features/business/components/BusinessDetailsDialog").then((m) => ({ default: m.BusinessDetailsDialog })));

/** A tab's place while its chunk loads. */
function TabLoading({ label }: { label: string }) {
  return <div role="status" aria-label={label} className="h-64 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />;
}

type DialogName = "team" | "addLead" | "serviceArea" | "alerts" | "calendar" | "business" | null;

function MenuButton({ icon, children, onClick, href }: { icon: ReactNode; children: ReactNode; onClick?: () => void; href?: string }) {
  const className = "flex w-full items-center gap-2 rounded-lg px-3 py-3 text-left font-medium hover:bg-slate-100 [&_svg]:size-4";
  return href ? (
    <a href={href} className={className} download>
      {icon} {children}
    </a>
  ) : (
    <button type="button" className={className} onClick={onClick}>
      {icon} {children}
    </button>
  );
}

export function DashboardPage() {
  const { user } = useCurrentUser();
  const seesMarket = can(user, "viewMarket");
  const setsServiceArea = can(user, "updateServiceArea");
  // Back from a bank's check of an auto-buy order's card: straight to that tab, which finishes the job.
  const [first] = useState(() =>
    user?.userType === "provider" && isBackFromBank(window.location.search) ? "auto_buy" : seesMarket ? "available" : "purchased",
  );
  // Auto-buy orders are the business owner's alone: a team member's dashboard has no such tab.
  const ordersAutoBuy = user?.userType === "provider";
  // The tab is in the address (docs/decisions/082-the-dashboard-tab-in-the-address.md): only this person's tabs are taken from it.
  const [tab, setTab] = useDashboardTab(first, [
    ...PIPELINE_TABS.map((t) => t.value).filter((value) => value !== "available" || seesMarket),
    ...(ordersAutoBuy ? ["auto_buy"] : []),
    ...(can(user, "seeLeadSpend") ? ["insights"] : []),
  ]);
  const [dialog, setDialog] = useState<DialogName>(null);
  useBackFromStripe(() => setDialog("business"));
  // The badge counts the same scope and filters as the tab (both read them from the URL); the
  // stream follows the same scope.
  const { filters } = useMarketFilters();
  const live = useLiveMarket(seesMarket, filters);
  const available = useAvailableLeads(seesMarket, filters, live.status === "live");
  const purchases = usePurchasedLeads();
  const autoBuyOrders = useAutoBuyOrders({ enabled: ordersAutoBuy });
  // Export what the date filter shows (docs/decisions/032).
  const exportHref = exportUrl(EXPORT_URL, useDateFilter(), new Date());
  // The owner's licence check decides whether anyone on the account may buy (docs/decisions/033).
  const verification = useVerification(!!user && can(user, "useDashboard") && needsLicence(user));
  // The notice and the board show together once what they depend on is in, so neither pushes
  // the other down as it arrives (docs/decisions/038: the page used to jump, CLS 0.22).
  // The notices too (docs/decisions/081-notices-on-the-dashboard.md): above the board, they must be in before it shows.
  const notices = useDashboardNotices(!!user && can(user, "useDashboard"));
  const ready = !purchases.isLoading && !verification.isLoading && !notices.isLoading;
  // The server's first screen (docs/decisions/092-first-screen-from-the-server.md) stays until
  // this one has its leads; a purchase confirmation opened there goes on as the app's dialog.
  const openLinkedLead = useOpenLinkedLead();
  const shownLeads = available.data?.leads;
  const haveLeads = !seesMarket || shownLeads !== undefined || available.isError;
  useEffect(() => {
    if (!ready || !haveLeads) return;
    const held = handOverFirstScreen();
    if (held !== null) openLinkedLead(held, shownLeads ?? []);
  }, [ready, haveLeads, shownLeads, openLinkedLead]);
  // A sale opens the Purchased tab: its cards' chunk is asked for once the first screen is in and
  // the browser is idle (Safari has no requestIdleCallback: a second later there).
  const shown = ready && haveLeads;
  useEffect(() => {
    if (!shown) return;
    const load = () => void loadStageCard().catch(() => {});
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 1000);
    return () => clearTimeout(id);
  }, [shown]);
  const title = dashboardTitle(user);
  usePageMeta({ title, description: "Your leads and sales pipeline.", path: "/dashboard", noIndex: true });
  if (!user) return null;

  const owner = can(user, "manageTeam");
  const getsAlerts = can(user, "receiveLeadAlerts");
  // The team's booked jobs in the electrician's own calendar (docs/decisions/049, "The calendar feed").
  const hasCalendar = can(user, "usePipeline");
  // Whoever works the pipeline sees its return (docs/decisions/067-insights.md): a team member their own jobs,
  // when their owner shares lead spend (docs/decisions/087-lead-spend-private-from-the-team.md).
  const seesInsights = can(user, "seeLeadSpend");
  // What the electrician's quotes and invoices print (docs/decisions/051): the owner edits, the team reads.
  const hasBusiness = user.userType === "provider" || user.userType === "team_member";
  const purchasedCount = purchases.data?.length ?? 0;
  const close = (open: boolean) => !open && setDialog(null);

  const actions = (
    <div className="flex items-center gap-2">
      {/* Only where there is room: the Purchased tab counts them too, and the header stays one line (docs/decisions/032). */}
      <span className="hidden rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 2xl:inline-block" data-testid="purchased-count">
        {purchasedCount} purchased
      </span>
      <Button variant="outline" size="sm" onClick={() => setDialog("addLead")}>
        <Plus aria-hidden /> Add Lead
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={exportHref} download>
          <Download aria-hidden /> Export
        </a>
      </Button>
      {owner && (
        <Button variant="outline" size="sm" aria-label="Team Management" onClick={() => setDialog("team")}>
          <Users aria-hidden /> Team
        </Button>
      )}
    </div>
  );
  const mobileExtras = (
    <>
      <MenuButton icon={<Plus />} onClick={() => setDialog("addLead")}>
        Add Lead
      </MenuButton>
      {owner && (
        <MenuButton icon={<Users />} onClick={() => setDialog("team")}>
          Team Management
        </MenuButton>
      )}
      {setsServiceArea && (
        <MenuButton icon={<MapPin />} onClick={() => setDialog("serviceArea")}>
          Manage Service Area
        </MenuButton>
      )}
      {getsAlerts && (
        <MenuButton icon={<Bell />} onClick={() => setDialog("alerts")}>
          Alerts
        </MenuButton>
      )}
      {hasCalendar && (
        <MenuButton icon={<CalendarDays />} onClick={() => setDialog("calendar")}>
          Calendar feed
        </MenuButton>
      )}
      {hasBusiness && (
        <MenuButton icon={<Building2 />} onClick={() => setDialog("business")}>
          Business details
        </MenuButton>
      )}
      <MenuButton icon={<Download />} href={exportHref}>
        Export Data
      </MenuButton>
      <p className="px-3 py-2 text-sm text-slate-600">
        Active Leads: <span className="font-semibold">{purchasedCount}</span>
      </p>
    </>
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <Header actions={actions} mobileExtras={mobileExtras} />
      {/* At least a screen tall, so the footer starts below the fold and never jumps in view. */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 pt-4 pb-5 sm:py-8">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3 sm:mb-5">
          <div className="min-w-0 max-sm:w-full">
            <DashboardTitle user={user} />
          </div>
          {/* The row wraps rather than cutting the area to "📍 P" on a phone; there Alerts lives in
              the phone menu, so the place and radius get the room (docs/decisions/038). */}
          <div className="flex min-w-0 flex-wrap items-center gap-2 max-sm:w-full">
            {seesMarket && <LiveBadge status={live.status} />}
            {setsServiceArea && (
              <Button variant="outline" size="sm" className="max-w-full min-w-0" onClick={() => setDialog("serviceArea")}>
                <MapPin aria-hidden />
                <span className="truncate">{user.serviceLocation ? `${user.serviceLocation} · ${user.serviceRadius ?? 20} km` : "Set service area"}</span>
              </Button>
            )}
            {getsAlerts && (
              <Button variant="outline" size="sm" className="max-sm:hidden" onClick={() => setDialog("alerts")}>
                <Bell aria-hidden /> Alerts
              </Button>
            )}
            {hasCalendar && (
              <Button variant="outline" size="sm" className="max-sm:hidden" onClick={() => setDialog("calendar")}>
                <CalendarDays aria-hidden /> Calendar
              </Button>
            )}
            {hasBusiness && (
              <Button variant="outline" size="sm" className="max-sm:hidden" onClick={() => setDialog("business")}>
                <Building2 aria-hidden /> Business details
              </Button>
            )}
          </div>
        </div>
        {ready ? (
          <>
            <NoticeLine standing={verification.data} notices={notices.data ?? []} />
            <PipelineBoard
              user={user}
              tab={tab}
              onTabChange={setTab}
              availableTab={
                seesMarket
                  ? {
                      count: marketCountLabel(available.data?.total ?? 0),
                      panel: (
                        <AvailableLeadsTab
                          user={user}
                          live={live}
                          cannotBuy={verification.data?.cannotBuy ?? null}
                          cannotBuyOnCard={cannotBuyOnCard(verification.data)}
                          onPurchased={() => setTab("purchased")}
                          onSetServiceArea={setsServiceArea ? () => setDialog("serviceArea") : undefined}
                        />
                      ),
                    }
                  : undefined
              }
              autoBuyTab={
                ordersAutoBuy
                  ? {
                      // The tab counts the orders buying now.
                      count: autoBuyOrders.data?.filter((o) => o.status === "active").length ?? "–",
                      panel: (
                        <Suspense fallback={<TabLoading label="Loading auto-buy" />}>
                          <AutoBuyTab user={user} />
                        </Suspense>
                      ),
                    }
                  : undefined
              }
              insightsTab={
                seesInsights
                  ? {
                      panel: (
                        <Suspense fallback={<TabLoading label="Loading insights" />}>
                          <InsightsTab
                            onShowJobs={(label, purchaseIds) => {
                              setJobFilter({ label, purchaseIds });
                              setTab("purchase_history");
                            }}
                          />
                        </Suspense>
                      ),
                    }
                  : undefined
              }
            />
          </>
        ) : (
          <DashboardSkeleton />
        )}
      </main>
      <Footer />
      {/* Mounted when opened: a dialog's chunk loads with its first opening. */}
      <Suspense fallback={null}>
        {owner && dialog === "team" && <TeamManagementDialog open onOpenChange={close} />}
        {dialog === "addLead" && <AddLeadDialog open onOpenChange={close} user={user} />}
        {setsServiceArea && dialog === "serviceArea" && <ServiceAreaDialog open onOpenChange={close} user={user} />}
        {getsAlerts && dialog === "alerts" && <AlertsDialog open onOpenChange={close} user={user} />}
        {hasCalendar && dialog === "calendar" && <CalendarFeedDialog open onOpenChange={close} />}
        {hasBusiness && dialog === "business" && <BusinessDetailsDialog open onOpenChange={close} />}
      </Suspense>
    </div>
  );
}
