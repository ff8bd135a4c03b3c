// Small pieces the admin tabs share: a badge, the list states (loading, failed, empty),
// a status filter, the Previous/Next pager and the paged list that puts them together.
import { ChevronLeft, ChevronRight, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import type { Page } from "@shared/admin";
import { ADMIN_LIST_PAGE, pageSummary, useStepBackPastEnd } from "../api/paging";

const TONES = {
  green: "bg-green-100 text-green-800 ring-green-200",
  amber: "bg-amber-100 text-amber-900 ring-amber-200",
  red: "bg-red-100 text-red-800 ring-red-200",
  blue: "bg-brand-50 text-brand-800 ring-brand-100",
  slate: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone = "slate", children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", TONES[tone], className)}>
      {children}
    </span>
  );
}

export const STATUS_TONES: Record<string, Tone> = {
  pending: "amber",
  contacted: "blue",
  approved: "green",
  declined: "red",
  rejected: "red",
  available: "green",
  sold: "slate",
};

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {children && <p className="mt-1 text-sm text-slate-500">{children}</p>}
    </div>
  );
}

/** A failed load: never the empty state, which would claim there is nothing to see. */
export function ErrorState({ title, error, onRetry, retrying }: { title: string; error: Error | null; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-semibold text-red-800">{title}</p>
      <p className="mt-1 text-sm text-red-700">{error?.message || "Please try again."}</p>
      <Button variant="outline" className="mt-4 min-w-32 bg-white" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden className={retrying ? "animate-spin" : undefined} /> {retrying ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** Loading, failed, empty, or the list itself (`count` rows), in that order. */
export function ListState({ query, count, what, empty, children }: { query: ListQuery; count: number; what: string; empty: ReactNode; children: ReactNode }) {
  if (query.isError)
    return <ErrorState title={`Could not load ${what}`} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  return count > 0 ? children : empty;
}

/** "Showing 21–40 of 87" with Previous and Next; nothing while everything fits on one page. */
export function Pager({
  offset,
  shown,
  total,
  onOffsetChange,
  busy,
}: {
  offset: number;
  shown: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  busy?: boolean;
}) {
  const { from, to, hasPrevious, hasNext } = pageSummary(offset, shown, total);
  if (!hasPrevious && !hasNext) return null;
  const go = (next: number) => {
    onOffsetChange(Math.max(0, next));
    // Pressed at the foot of a long list: the next page starts at the top.
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {from === to ? from : `${from}–${to}`} of {total}
      </p>
      <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
        <Button variant="outline" size="lg" disabled={!hasPrevious || busy} onClick={() => go(offset - ADMIN_LIST_PAGE)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="lg" disabled={!hasNext || busy} onClick={() => go(offset + ADMIN_LIST_PAGE)}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/** One page of cards with its states and pager; a page left past the end (rows moved out
 * under a filter) steps back to the last page that has rows. */
export function PagedList<T extends { id: number }>({
  query,
  paging,
  what,
  empty,
  className = "grid gap-3 md:grid-cols-2",
  children: card,
}: {
  query: ListQuery & { data?: Page<T>; isPlaceholderData: boolean };
  paging: { offset: number; setOffset: (offset: number) => void };
  what: string;
  empty: ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  useStepBackPastEnd(paging.offset, query.data?.total, paging.setOffset);
  const items = query.data?.items ?? [];
  return (
    <ListState query={query} count={items.length} what={what} empty={empty}>
      <ul className={className}>
        {items.map((item) => (
          // min-w-0: a grid cell may shrink below its longest word, so long text wraps in the card (docs/decisions/032).
          <li key={item.id} className="min-w-0">
            {card(item)}
          </li>
        ))}
      </ul>
      <Pager offset={paging.offset} shown={items.length} total={query.data?.total ?? 0} onOffsetChange={paging.setOffset} busy={query.isPlaceholderData} />
    </ListState>
  );
}

/** "Status: All" or one of a list's statuses, in the words of `labels`. */
export function StatusFilter<T extends string>({
  id,
  statuses,
  labels,
  paging,
}: {
  id: string;
  statuses: readonly T[];
  labels: Record<T, string>;
  paging: { filter: T | ""; setFilter: (status: T | "") => void };
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        Status
      </Label>
      <NativeSelect
        id={id}
        value={paging.filter}
        onChange={(e) => paging.setFilter(e.target.value as T | "")}
        options={statuses.map((value) => ({ value, label: labels[value] }))}
        className="h-10 w-auto text-sm"
      >
        <option value="">All</option>
      </NativeSelect>
    </div>
  );
}

export function SectionHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </div>
  );
}
