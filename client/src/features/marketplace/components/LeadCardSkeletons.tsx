import { CardSkeletons } from "@/components/ui/skeleton";

/** Lead cards are about 340 px tall on a phone and 360 px in the desktop's two columns. */
export function LeadCardSkeletons() {
  return <CardSkeletons count={4} label="Loading leads" className="grid gap-4 lg:grid-cols-2" cardClassName="h-[340px] lg:h-[360px]" />;
}
