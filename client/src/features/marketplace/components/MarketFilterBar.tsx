// The Available tab's choices (docs/decisions/023): my area or all of Australia, service types (any
// number of them), only leads with photos (docs/decisions/050-photos.md) and the order. They live
// in the URL (../market-filters.ts). The service types are what a lead on the market can carry, in
// the cards' words (docs/decisions/088-one-list-of-each-choice.md). On a phone the bar folds behind
// one Filters button; from sm up it is one row, the service types behind a button of their own
// (docs/decisions/091-purchase-in-view.md).
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { JOB_SERVICE_TYPES } from "@shared/enums";
import { labelOf, MARKET_CHOICES, withChosen } from "@shared/labels";
import type { MarketFilters } from "@shared/marketplace";
import type { MarketScope, MarketSort } from "@shared/market-terms";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/input";
import { cn } from "@/lib/utils";

const SORT_LABELS: Record<MarketSort, string> = { newest: "Newest", nearest: "Nearest", cheapest: "Cheapest now" };
const SCOPE_LABELS: Record<MarketScope, string> = { area: "My area", all: "All Australia" };
const TYPES_ID = "market-service-types";

/**
 * A chip: a 36 px pill in a 44 px button, so a thumb gets 44 px to tap while the bar keeps its
 * height (docs/decisions/084-undo-a-stage-move.md). `pressed` for a choice, `expanded` for the
 * service types' own button; `className` dresses the pill.
 */
function Chip({
  pressed,
  expanded,
  controls,
  onClick,
  children,
  className,
}: {
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  onClick: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
      className="group -my-1 flex h-11 shrink-0 items-center focus-visible:outline-none"
    >
      <span
        className={cn(
          "flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors group-focus-visible:outline-2 group-focus-visible:outline-brand-600",
          pressed ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 group-hover:bg-slate-100",
          className,
        )}
      >
        {children}
      </span>
    </button>
  );
}

/** How many choices differ from what the market starts with: the Filters button's count. */
export function filtersSet(filters: MarketFilters, scope: MarketScope, startScope: MarketScope) {
  return (scope !== startScope ? 1 : 0) + (filters.serviceType?.length ?? 0) + (filters.withPhotos === "true" ? 1 : 0) + (filters.sort !== "newest" ? 1 : 0);
}

const SORT_WORDS: Record<MarketSort, string> = { newest: "newest first", nearest: "nearest first", cheapest: "cheapest first" };

/** "My area · newest first": what the list shows, in a line beside the phone's Filters button. */
export function filtersSummary(filters: MarketFilters, scope: MarketScope) {
  const types = filters.serviceType ?? [];
  return [
    SCOPE_LABELS[scope],
    types.length === 1 ? labelOf("serviceType", types[0]!) : types.length > 1 ? `${types.length} types` : undefined,
    filters.withPhotos === "true" ? "with photos" : undefined,
    SORT_WORDS[filters.sort],
  ]
    .filter(Boolean)
    .join(" · ");
}

const Count = ({ count, className }: { count: number; className?: string }) =>
  count > 0 ? (
    <span className={cn("inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white", className)}>
      {count}
      <span className="sr-only"> set</span>
    </span>
  ) : null;

/** The phone's one button for the whole bar, 44 px, saying how many choices are set. */
export function FiltersButton({
  count,
  open,
  onToggle,
  controls,
  className,
}: {
  count: number;
  open: boolean;
  onToggle: () => void;
  controls: string;
  className?: string;
}) {
  return (
    <Button variant="outline" className={cn("shrink-0 px-3", className)} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <SlidersHorizontal aria-hidden /> Filters
      <Count count={count} />
    </Button>
  );
}

interface MarketFilterBarProps {
  filters: MarketFilters;
  onChange: (filters: MarketFilters) => void;
  /** The scope shown now; the choice is offered only to a viewer with a service area. */
  scope: MarketScope;
  hasArea: boolean;
  /** "Within 30 km of Parramatta NSW 2150": what "My area" means for this viewer. */
  areaLabel?: string;
  /** For the phone's Filters button, which opens the bar (its aria-controls). */
  id?: string;
  className?: string;
}

export function MarketFilterBar({ filters, onChange, scope, hasArea, areaLabel, id, className }: MarketFilterBarProps) {
  const types = filters.serviceType ?? [];
  // From sm up the chips wait behind their button, so the bar keeps to one row; on a phone the
  // bar itself was opened to reach them, and they show at once.
  const [typesOpen, setTypesOpen] = useState(false);
  const toggleType = (type: (typeof JOB_SERVICE_TYPES)[number]) => {
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type].sort();
    onChange({ ...filters, serviceType: next.length ? next : undefined });
  };
  return (
    <div
      id={id}
      className={cn("grid gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:px-3 sm:py-1.5", className)}
      role="group"
      aria-label="Filter leads"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {hasArea && (
          <div className="flex min-w-0 items-center gap-2">
            <div className="inline-flex rounded-full bg-slate-100 p-1" role="group" aria-label="Which leads">
              {(["area", "all"] as const).map((value) => (
                <Chip key={value} pressed={scope === value} onClick={() => onChange({ ...filters, scope: value })} className="border-transparent">
                  {SCOPE_LABELS[value]}
                </Chip>
              ))}
            </div>
            {/* Only where the row has room: the dashboard's area button above says the same (docs/decisions/032). */}
            {scope === "area" && areaLabel && <span className="hidden min-w-0 truncate text-sm text-slate-600 xl:inline">{areaLabel}</span>}
          </div>
        )}
        <div className="flex items-center gap-3 max-sm:w-full sm:contents">
          <Chip
            pressed={filters.withPhotos === "true"}
            onClick={() => onChange({ ...filters, withPhotos: filters.withPhotos === "true" ? undefined : "true" })}
          >
            With photos
          </Chip>
          <span className="max-sm:hidden">
            <Chip expanded={typesOpen} controls={TYPES_ID} onClick={() => setTypesOpen((open) => !open)}>
              Service type
              <Count count={types.length} />
              <ChevronDown className={cn("size-4 transition-transform motion-reduce:transition-none", typesOpen && "rotate-180")} aria-hidden />
            </Chip>
          </span>
          <label className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-700 max-sm:flex-1 sm:ml-auto">
            Sort
            <NativeSelect
              className="h-9 max-sm:min-w-0 max-sm:flex-1 sm:w-40 sm:text-sm"
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
      <div
        id={TYPES_ID}
        className={cn("flex flex-wrap items-center gap-x-2 gap-y-2 pt-1", !typesOpen && "sm:hidden")}
        role="group"
        aria-labelledby="service-type-filter"
      >
        {/* The button says it from sm up. */}
        <span id="service-type-filter" className="mr-1 shrink-0 text-sm font-medium whitespace-nowrap text-slate-700 sm:sr-only">
          Service type
        </span>
        {/* A bookmarked filter's type no lead on the market carries (Inspection) still shows, pressed, to be let go. */}
        {withChosen("serviceType", MARKET_CHOICES.serviceType, types).map((type) => (
          <Chip key={type.value} pressed={types.includes(type.value)} onClick={() => toggleType(type.value)}>
            {type.label}
          </Chip>
        ))}
      </div>
    </div>
  );
}
