// A small coloured label: a status, a count, a flag.
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

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
