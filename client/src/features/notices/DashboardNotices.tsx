import { X } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { formatSydneyDateTime } from "@/lib/format";
import { useDashboardNotices, useDismissNotice } from "./api";

/**
 * A job lost, an order paused, an auto-buy: each stays above the pipeline until dismissed
 * (docs/decisions/081-notices-on-the-dashboard.md), whatever reached the person's phone or inbox.
 * Lines in the page, not floating notices, so none covers a button (docs/decisions/038).
 */
export function DashboardNotices() {
  const notices = useDashboardNotices();
  const dismiss = useDismissNotice();
  const [open, setOpen] = useState<number | null>(null);
  if (!notices.data?.length) return null;
  return (
    <section aria-label="Notices" className="mb-4 grid gap-2" data-testid="dashboard-notices">
      {notices.data.map((n) => (
        <div key={n.id} role="status" className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 pr-0.5 pl-4 text-sm text-amber-950">
          {/* Two lines on a phone, so the first lead's Purchase button stays on the first screen
              (docs/decisions/038): a tap opens the rest. All of it from sm up. */}
          <button
            type="button"
            aria-expanded={open === n.id}
            onClick={() => setOpen(open === n.id ? null : n.id)}
            className="min-w-0 flex-1 py-2 text-left [overflow-wrap:anywhere] sm:pointer-events-none"
          >
            <span className={cn("block font-semibold", open !== n.id && "max-sm:truncate")}>{n.title}</span>
            <span className={cn("block", open !== n.id && "max-sm:line-clamp-1")}>{n.body}</span>
            <span className={cn("mt-1 block text-xs text-amber-900", open !== n.id && "max-sm:hidden")}>{formatSydneyDateTime(n.at)}</span>
          </button>
          <button
            type="button"
            aria-label={`Dismiss: ${n.title}`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-amber-100"
            onClick={() => dismiss.mutate(n.id)}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </section>
  );
}
