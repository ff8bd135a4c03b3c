import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

const FOLD_TONES = {
  info: "border-brand-100 bg-brand-50 text-brand-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  danger: "border-red-200 bg-red-50 text-red-800",
} as const;

export type FoldTone = keyof typeof FOLD_TONES;

/**
 * A notice in one line that opens (docs/decisions/091-purchase-in-view.md): its title in a
 * `<summary>` 44 px to tap in a line of 42, cut to one line (two on a phone, rather than lose a date), and the rest inside. Every notice above the market
 * takes this one line, so the first lead's Purchase button stays on the first screen however
 * many of them show at once.
 */
export function Fold({
  tone = "info",
  icon,
  summary,
  after,
  children,
  className,
  testId,
}: {
  tone?: FoldTone;
  icon: ReactNode;
  /** The line itself: cut with an ellipsis when longer than the screen, after two lines on a phone (the whole of it is inside). */
  summary: ReactNode;
  /** After the summary, never cut: a count. */
  after?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <details className={cn("group/fold rounded-xl border text-sm", FOLD_TONES[tone], className)} data-testid={testId}>
      {/* 44 px to tap in a line of 42 (-my-0.5: it reaches over the border), as the chips do (docs/decisions/079, 084). */}
      <summary className="-my-0.5 flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-3 py-2 font-semibold sm:px-4 [&::-webkit-details-marker]:hidden">
        <span className="shrink-0 [&_svg]:size-4" aria-hidden>
          {icon}
        </span>
        <span className="min-w-0 flex-1 max-sm:line-clamp-2 sm:truncate">{summary}</span>
        {after}
        <ChevronDown className="size-4 shrink-0 transition-transform group-open/fold:rotate-180 motion-reduce:transition-none" aria-hidden />
      </summary>
      <div className="px-3 pb-3 sm:px-4">{children}</div>
    </details>
  );
}
