import { LeadCardSkeletons } from "@/features/marketplace/components/LeadCardSkeletons";

/**
 * What the dashboard shows until the purchases are in: the tab strip's place (with the phone's
 * page dots) and lead cards' heights, so the board replaces it without moving what is around
 * it (docs/decisions/038).
 */
export function DashboardSkeleton() {
  return (
    <div className="space-y-4">
      <div aria-hidden className="h-[54px] md:h-10">
        <div className="h-10 w-full animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
      </div>
      <LeadCardSkeletons />
    </div>
  );
}
