import { cn } from "@/lib/utils";

/**
 * Grey cards the height of the cards that will replace them, shown while a list loads, so the
 * page does not jump when the list arrives (docs/decisions/038, cumulative layout shift).
 */
export function CardSkeletons({ count, label, className, cardClassName }: { count: number; label: string; className?: string; cardClassName: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden className={cn("animate-pulse rounded-xl border border-slate-200 bg-white p-4 motion-reduce:animate-none", cardClassName)}>
          <div className="h-5 w-1/2 rounded bg-slate-200" />
          <div className="mt-3 h-4 w-full rounded bg-slate-100" />
          <div className="mt-2 h-4 w-5/6 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
