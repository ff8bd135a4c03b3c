// The Available tab's choices (docs/decisions/023): my area or all of Australia, service types (any
// number of them), only leads with photos (docs/decisions/050-photos.md) and the order. They live
// in the URL (../market-filters.ts). The service types are what a lead on the market can carry, in
// the cards' words (docs/decisions/088-one-list-of-each-choice.md).
import type { JOB_SERVICE_TYPES } from "@shared/enums";
import { MARKET_CHOICES, withChosen } from "@shared/labels";
import type { MarketFilters, MarketScope, MarketSort } from "@shared/marketplace";
import { NativeSelect } from "@/components/ui/input";
import { cn } from "@/lib/utils";

const SORT_LABELS: Record<MarketSort, string> = { newest: "Newest", nearest: "Nearest", cheapest: "Cheapest now" };
const SCOPE_LABELS: Record<MarketScope, string> = { area: "My area", all: "All Australia" };

/**
 * A chip: a 36 px pill in a 44 px button, so a thumb gets 44 px to tap at 390 px while the bar
 * keeps its height and the first lead stays on the first screen (docs/decisions/084-undo-a-stage-
 * move.md). `className` dresses the pill.
 */
function Toggle({ pressed, onClick, children, className }: { pressed: boolean; onClick: () => void; children: string; className?: string }) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick} className="group -my-1 flex h-11 shrink-0 items-center focus-visible:outline-none">
      <span
        className={cn(
          "flex h-9 items-center rounded-full border px-3 text-sm font-medium transition-colors group-focus-visible:outline-2 group-focus-visible:outline-brand-600",
          pressed ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 group-hover:bg-slate-100",
          className,
        )}
      >
        {children}
      </span>
    </button>
  );
}

interface MarketFilterBarProps {
  filters: MarketFilters;
  onChange: (filters: MarketFilters) => void;
  /** The scope shown now; the choice is offered only to a viewer with a service area. */
  scope: MarketScope;
  hasArea: boolean;
  /** "12 km within Parramatta NSW 2150": what "My area" means for this viewer. */
  areaLabel?: string;
}

export function MarketFilterBar({ filters, onChange, scope, hasArea, areaLabel }: MarketFilterBarProps) {
  const types = filters.serviceType ?? [];
  const toggleType = (type: (typeof JOB_SERVICE_TYPES)[number]) => {
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type].sort();
    onChange({ ...filters, serviceType: next.length ? next : undefined });
  };
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4" role="group" aria-label="Filter leads">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {hasArea && (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <div className="inline-flex rounded-full bg-slate-100 p-1" role="group" aria-label="Which leads">
              {(["area", "all"] as const).map((value) => (
                <Toggle key={value} pressed={scope === value} onClick={() => onChange({ ...filters, scope: value })} className="border-transparent">
                  {SCOPE_LABELS[value]}
                </Toggle>
              ))}
            </div>
            {/* On a phone the dashboard's area button above says the same, and the first lead needs the room (docs/decisions/032). */}
            {scope === "area" && areaLabel && <span className="min-w-0 text-sm break-words text-slate-600 max-sm:hidden">{areaLabel}</span>}
          </div>
        )}
        <div className="flex items-center gap-3 max-sm:w-full">
          <Toggle
            pressed={filters.withPhotos === "true"}
            onClick={() => onChange({ ...filters, withPhotos: filters.withPhotos === "true" ? undefined : "true" })}
            className="shrink-0 whitespace-nowrap"
          >
            With photos
          </Toggle>
          <label className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-700 max-sm:flex-1">
            Sort
            <NativeSelect
              className="h-9 max-sm:min-w-0 max-sm:flex-1 sm:w-44"
              value={filters.sort}
              onChange={(e) => onChange({ ...filters, sort: e.target.value as MarketSort })}
            >
              {(Object.keys(SORT_LABELS) as MarketSort[])
                .filter((sort) => hasArea || sort !== "nearest" || filters.sort === "nearest")
                .map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
            </NativeSelect>
          </label>
        </div>
      </div>
      {/* One row on a phone, scrolled sideways inside the bar, so the first lead shows without scrolling (docs/decisions/032);
          its top padding holds the chips' 44 px, which the scroll would cut. */}
      <div
        className="relative flex items-center gap-2 max-sm:-mx-3 max-sm:-mt-1 max-sm:overflow-x-auto max-sm:px-3 max-sm:pt-1 max-sm:pb-1 sm:flex-wrap"
        role="group"
        aria-labelledby="service-type-filter"
      >
        <span id="service-type-filter" className="mr-1 shrink-0 text-sm font-medium whitespace-nowrap text-slate-700">
          Service type
        </span>
        {/* A bookmarked filter's type no lead on the market carries (Inspection) still shows, pressed, to be let go. */}
        {withChosen("serviceType", MARKET_CHOICES.serviceType, types).map((type) => (
          <Toggle key={type.value} pressed={types.includes(type.value)} onClick={() => toggleType(type.value)} className="shrink-0 whitespace-nowrap">
            {type.label}
          </Toggle>
        ))}
      </div>
    </div>
  );
}
