// Small pieces the admin tabs share: a badge, an empty state and a status filter.
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
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
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", TONES[tone], className)}>{children}</span>;
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

export function StatusFilter<T extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: T | ""; options: readonly { value: T; label: string }[]; onChange: (value: T | "") => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        {label}
      </Label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T | "")} className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm">
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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
