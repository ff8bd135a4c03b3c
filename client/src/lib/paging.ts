// Lists that page by offset, as the operator's lists do (shared/admin.ts pageFields: every
// answer carries total). The pager in components/ui/paged-list.tsx reads these.
import { useEffect } from "react";

/** 20 cards is already a long scroll on a phone. */
export const LIST_PAGE = 20;

export interface PageSummary {
  /** 1-based positions of the first and last row shown; 0 and 0 for an empty page. */
  from: number;
  to: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pageSummary(offset: number, shown: number, total: number, limit = LIST_PAGE): PageSummary {
  return {
    from: shown === 0 ? 0 : offset + 1,
    to: offset + shown,
    hasPrevious: offset > 0,
    // A short page is the last one even if total lags behind (a row removed meanwhile).
    hasNext: shown === limit && offset + shown < total,
  };
}

/** Where the last page starts: 40 for 41-60 rows at 20 a page, 0 for none. */
export const lastPageOffset = (total: number, limit = LIST_PAGE) => Math.max(0, Math.floor((total - 1) / limit) * limit);

/**
 * When rows left a list (a callback approved under the Pending filter) and the page shown went
 * past the end, steps back to the last page that has rows instead of showing an empty one.
 */
export function useStepBackPastEnd(offset: number, total: number | undefined, setOffset: (offset: number) => void) {
  useEffect(() => {
    if (total !== undefined && offset > 0 && offset >= total) setOffset(lastPageOffset(total));
  }, [offset, total, setOffset]);
}
