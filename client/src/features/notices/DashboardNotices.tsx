import { formatSydneyDateTime } from "@/lib/format";
import type { DashboardNotice } from "@shared/notices";
import { useDismissNotice } from "./api";

/**
 * A job lost, an order paused, an auto-buy: each stays above the pipeline until dismissed
 * (docs/decisions/081-notices-on-the-dashboard.md), whatever reached the person's phone or inbox.
 * Lines in the page, not floating notices, so none covers a button (docs/decisions/038); the page
 * folds them into its one line of notices, whose headline is the newest title, and this is what
 * that line opens to (docs/decisions/091-purchase-in-view.md).
 */
export function DashboardNotices({ notices }: { notices: DashboardNotice[] }) {
  const dismiss = useDismissNotice();
  if (!notices.length) return null;
  return (
    <section aria-label="Notices" className="grid divide-y divide-current/15" data-testid="dashboard-notices">
      {notices.map((n) => (
        <div key={n.id} role="status" className="flex items-start gap-2 py-2 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            <p className="font-semibold">{n.title}</p>
            <p>{n.body}</p>
            <p className="mt-1 text-xs opacity-80">{formatSydneyDateTime(n.at)}</p>
          </div>
          <button
            type="button"
            aria-label={`Dismiss: ${n.title}`}
            className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold underline-offset-2 hover:underline"
            onClick={() => dismiss.mutate(n.id)}
          >
            Dismiss
          </button>
        </div>
      ))}
    </section>
  );
}
