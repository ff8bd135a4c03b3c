// The board's "Paperwork due" chip (docs/decisions/105-paperwork-on-the-card.md): a 36 px pill in a
// 44 px button, as the market's filter chips (docs/decisions/084-undo-a-stage-move.md), with how
// many of the jobs the date filter shows it would keep.
import { FileClock } from "lucide-react";
import { cn } from "@/lib/utils";

export function PaperworkDueChip({ pressed, count, onChange }: { pressed: boolean; count: number; onChange: (next: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className="group flex h-11 shrink-0 items-center focus-visible:outline-none"
      data-testid="paperwork-due-filter"
    >
      <span
        className={cn(
          "flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors group-focus-visible:outline-2 group-focus-visible:outline-brand-600",
          pressed ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 group-hover:bg-slate-100",
        )}
      >
        <FileClock className="size-4" aria-hidden /> Paperwork due
        <span
          className={cn(
            "rounded-full px-1.5 text-xs font-semibold tabular-nums",
            pressed ? "bg-white/20" : count > 0 ? "bg-red-100 text-red-800" : "bg-slate-100",
          )}
        >
          {count}
        </span>
      </span>
    </button>
  );
}
