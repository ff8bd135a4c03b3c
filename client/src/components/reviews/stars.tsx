// Star ratings, to choose and to read (docs/decisions/062-review-screens.md). Choosing is a group
// of native radios (arrow keys, one tab stop, a name each) drawn as stars a thumb can hit: each
// 48 px square. Reading is one image with its words ("4 out of 5 stars").
import { Star } from "lucide-react";
import { useId } from "react";
import { cn } from "@/lib/utils";

export const STAR_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;
const STARS = [1, 2, 3, 4, 5] as const;

export const starsText = (rating: number) => `${rating} out of 5 stars`;

/** Read-only stars, e.g. on a review. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={starsText(rating)} className={cn("inline-flex shrink-0 items-center gap-0.5 text-amber-500", className)}>
      {STARS.map((n) => (
        <Star key={n} aria-hidden className={cn("size-4", n <= rating ? "fill-current" : "fill-transparent text-slate-300")} />
      ))}
    </span>
  );
}

interface StarsInputProps {
  /** The group's question, e.g. "Your rating" or "Punctuality". */
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  /** Big for the overall rating, compact for an optional aspect. */
  size?: "big" | "compact";
  error?: string;
  name?: string;
}

export function StarsInput({ legend, value, onChange, size = "big", error, name }: StarsInputProps) {
  const generated = useId();
  const group = name ?? generated;
  const errorId = `${group}-error`;
  const big = size === "big";
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="min-w-0">
      <legend className={cn("font-semibold text-slate-900", big ? "text-base" : "text-sm")}>{legend}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3">
        <div className="flex">
          {STARS.map((n) => (
            <label
              key={n}
              className="relative flex size-12 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={group}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
              <Star
                aria-hidden
                className={cn(big ? "size-9" : "size-7", value !== null && n <= value ? "fill-amber-400 text-amber-500" : "fill-transparent text-slate-400")}
              />
            </label>
          ))}
        </div>
        {value !== null && (
          <span className={cn("font-medium text-slate-700", big ? "text-base" : "text-sm")} aria-hidden>
            {STAR_WORDS[value - 1]}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
