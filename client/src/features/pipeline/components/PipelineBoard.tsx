import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from "react";
import type { CurrentUser } from "@shared/auth";
import { MISSED_PROMISE_RELEASE } from "@shared/job-aftercare";
import type { PurchasedLead } from "@shared/pipeline";
import { PIPELINE_TABS } from "@shared/pipeline-tabs";
import { pipelineOrder } from "@shared/follow-ups";
import { can } from "@shared/policy";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import { EXPORT_URL, useFollowUps, usePurchasedLeads } from "../api/purchases";
import { exportUrl, inDateFilter, isReversed, setDateFilter, swapped, useDateFilter } from "../date-filter";
import { setJobFilter, useJobFilter } from "../job-filter";
import { setPaperworkDueOnly, usePaperworkDueOnly } from "../paperwork-filter";
import { loadStageCard } from "../board-chunks";
import { isPaperworkDue, paperworkCounts } from "../paperwork-view";
import { PlaceProvider, useKeepPlace } from "../keep-place";
import { useUnsavedWarning } from "../use-unsaved-warning";
import { BackupReminder } from "./BackupReminder";
import { DateFilterBar } from "./DateFilterBar";
import { PipelineTabs, type TabItem } from "./PipelineTabs";
import { PaperworkDueChip } from "./PaperworkDueChip";

// The cards of the stages, the history and the job's editor load when a stage's tab first shows,
// in chunks of their own: the dashboard opens on the market's tab (docs/decisions/113-the-dashboards-first-load.md).
const StageCard = lazy(() => loadStageCard().then((m) => ({ default: m.StageCard })));
const LostCard = lazy(() => import("./LostCard").then((m) => ({ default: m.LostCard })));
const PurchaseHistory = lazy(() => import("./PurchaseHistory").then((m) => ({ default: m.PurchaseHistory })));
const EditJobDialog = lazy(() => import("./EditJobDialog").then((m) => ({ default: m.EditJobDialog })));

/** The board's place while a stage's cards load: as tall as a card, so the footer does not jump. */
const CardsLoading = () => (
  <div role="status" aria-label="Loading your leads" className="h-64 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
);

/** picked_up/delivered are template leftovers: such rows show under Booked In. */
const tabOfStage = (stage: string) => (stage === "picked_up" || stage === "delivered" ? "booked_in" : stage);
/** Lost on a missed promise (docs/decisions/049): with the jobs that ended without work, under Declined. */
const isLost = (p: PurchasedLead) => p.releaseReason === MISSED_PROMISE_RELEASE;
const tabOf = (p: PurchasedLead) => (isLost(p) ? "declined" : tabOfStage(p.salesStage));

interface PipelineBoardProps {
  user: CurrentUser;
  tab: string;
  onTabChange: (tab: string) => void;
  /** The marketplace's tab, composed in by the page; omitted for team members. */
  availableTab?: { panel: ReactNode; count: number | string };
  /** The owner's auto-buy orders (docs/decisions/065-auto-buy-screens.md), composed in by the page after Purchase History; omitted for team members. */
  autoBuyTab?: { panel: ReactNode; count: number | string };
  /** The Insights tab (docs/decisions/067-insights.md), composed in by the page, after Purchase History. */
  insightsTab?: { panel: ReactNode };
}

const AUTO_BUY_TAB = "auto_buy";
const INSIGHTS = "insights";

export function PipelineBoard({ user, tab, onTabChange, availableTab, autoBuyTab, insightsTab }: PipelineBoardProps) {
  const { data: purchases = [], isLoading } = usePurchasedLeads();
  // The dashboard's one date filter: the header's Export link exports by it too.
  const filter = useDateFilter();
  const [editing, setEditing] = useState<PurchasedLead | null>(null);
  useUnsavedWarning(user.id, purchases);
  const followUps = useFollowUps();

  // A figure's jobs (the Insights tab's links) are exactly those jobs, whatever the date filter says.
  const jobFilter = useJobFilter();
  // "Paperwork due" narrows what the date filter shows, by each card's own clock from the server
  // (docs/decisions/105-paperwork-on-the-card.md); a figure's jobs are shown whole, as with dates.
  const paperworkDueOnly = usePaperworkDueOnly();
  const dated = useMemo(
    () =>
      jobFilter ? purchases.filter((p) => jobFilter.purchaseIds.includes(p.id)) : purchases.filter((p) => inDateFilter(p.purchasedAt, filter, new Date())),
    [purchases, filter, jobFilter],
  );
  const dueOnly = paperworkDueOnly && !jobFilter;
  const visible = useMemo(() => (dueOnly ? dated.filter(isPaperworkDue) : dated), [dated, dueOnly]);
  const paperworkDue = paperworkCounts(dated).due;
  // Like the follow-ups' figure: every listed job, whatever the filters.
  const overduePaperwork = paperworkCounts(purchases).overdue;
  const tabs: TabItem[] = PIPELINE_TABS.filter((t) => t.value !== "available" || availableTab).map((t) => ({
    value: t.value,
    label: t.label,
    count:
      t.value === "available"
        ? (availableTab?.count ?? 0)
        : t.value === "purchase_history"
          ? visible.length
          : visible.filter((p) => tabOf(p) === t.value).length,
  }));
  if (autoBuyTab) tabs.push({ value: AUTO_BUY_TAB, label: "Auto-buy", count: autoBuyTab.count });
  if (insightsTab) tabs.push({ value: INSIGHTS, label: "Insights", count: null });
  // The marketplace's, the orders' and the figures' tabs are panels of their own: no date filter, follow-ups or stage cards.
  const onBoard = tab !== "available" && tab !== AUTO_BUY_TAB && tab !== INSIGHTS;
  // Assigned to me first, then follow-ups due, then newest (decision 031; the server's order too).
  const inStage = pipelineOrder(
    visible.filter((p) => tabOf(p) === tab),
    user.id,
    new Date(),
  );
  const overdue = followUps.data?.overdue ?? 0;
  // A card moved off this list leaves the view where it was, and its Undo puts it back (docs/decisions/084-undo-a-stage-move.md).
  const list = useRef<HTMLDivElement>(null);
  const place = useKeepPlace(
    inStage.map((p) => p.id),
    list,
  );

  return (
    <Tabs value={tab} onValueChange={onTabChange} className="space-y-4">
      {/* The page shows the board once the purchases are in (a skeleton until then), so
          the reminder is there from the first frame and never pushes the tabs down. */}
      {!isLoading && <BackupReminder hasRecords={purchases.length > 0} exportHref={exportUrl(EXPORT_URL, filter, new Date())} />}
      <PipelineTabs tabs={tabs} active={tab} />
      {onBoard && !jobFilter && (
        <div className="flex flex-wrap items-end gap-2">
          <DateFilterBar value={filter} onChange={setDateFilter} />
          <PaperworkDueChip pressed={paperworkDueOnly} count={paperworkDue} onChange={setPaperworkDueOnly} />
        </div>
      )}
      {onBoard && jobFilter && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
          <p className="min-w-0 flex-1 break-words">
            Showing the {visible.length} {visible.length === 1 ? "job" : "jobs"} behind {jobFilter.label}
          </p>
          <Button variant="outline" size="sm" onClick={() => setJobFilter(null)}>
            Show all jobs
          </Button>
        </div>
      )}
      {onBoard && (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <p className={overdue > 0 ? "text-sm font-semibold text-red-700" : "text-sm text-slate-500"} data-testid="overdue-follow-ups">
            Overdue follow-ups: {overdue}
            {followUps.data?.dueToday ? ` · due today: ${followUps.data.dueToday}` : ""}
          </p>
          <p className={overduePaperwork > 0 ? "text-sm font-semibold text-red-700" : "text-sm text-slate-500"} data-testid="overdue-paperwork">
            Overdue paperwork: {overduePaperwork}
          </p>
        </div>
      )}
      {/* One panel that follows the tab: only the open tab's cards are mounted, as before Radix. */}
      <TabsContent value={tab}>
        {onBoard && <h2 className="sr-only">{tabs.find((t) => t.value === tab)?.label}</h2>}
        {tab === "available" && availableTab?.panel}
        {tab === AUTO_BUY_TAB && autoBuyTab?.panel}
        {tab === INSIGHTS && insightsTab?.panel}
        {onBoard && !jobFilter && isReversed(filter) && (
          // A From date after the To date is said to be so, not shown as an empty history (docs/decisions/032).
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            <p className="min-w-0 flex-1">The From date is after the To date, so no purchase can fall between them.</p>
            <Button variant="outline" size="sm" onClick={() => setDateFilter(swapped(filter))}>
              Swap the dates
            </Button>
          </div>
        )}
        {tab === "purchase_history" && (jobFilter || !isReversed(filter)) && (
          <Suspense fallback={<CardsLoading />}>
            <PurchaseHistory purchases={visible} onEdit={setEditing} />
          </Suspense>
        )}
        {onBoard && tab !== "purchase_history" && (jobFilter || !isReversed(filter)) && (
          <div ref={list} tabIndex={-1} className="outline-none" data-testid="stage-list">
            {isLoading && <p className="py-10 text-center text-slate-500">Loading your leads...</p>}
            {!isLoading && inStage.length === 0 && (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center text-slate-500">
                {purchases.length === 0
                  ? can(user, "buyLeads")
                    ? "No purchased leads yet"
                    : "No leads available"
                  : dueOnly
                    ? "No paperwork due in this stage"
                    : "No leads in this stage yet"}
              </p>
            )}
            <PlaceProvider value={place}>
              <Suspense fallback={inStage.length > 0 && <CardsLoading />}>
                <div className="grid gap-4 lg:grid-cols-2">
                  {inStage.map((p) =>
                    isLost(p) ? <LostCard key={p.id} purchase={p} /> : <StageCard key={p.id} purchase={p} user={user} onEdit={setEditing} />,
                  )}
                </div>
              </Suspense>
            </PlaceProvider>
          </div>
        )}
      </TabsContent>
      {editing && (
        <Suspense fallback={null}>
          <EditJobDialog purchase={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Tabs>
  );
}
