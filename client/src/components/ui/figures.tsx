// Big figures with their captions ("24/7 emergency callouts") on the public pages' dark
// panels; each is read out as its caption, then the figure.
import { cn } from "@/lib/utils";

export function Figures({
  figures,
  className,
  tileClassName,
  valueClassName,
  captionClassName,
}: {
  figures: readonly (readonly [value: string, caption: string])[];
  className?: string;
  tileClassName?: string;
  valueClassName?: string;
  captionClassName?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2", className)}>
      {figures.map(([value, caption]) => (
        <div key={caption} className={cn("rounded-xl p-4", tileClassName)}>
          <dt className="sr-only">{caption}</dt>
          <dd className={cn("text-2xl font-extrabold text-spark-400", valueClassName)}>{value}</dd>
          <dd className={cn("text-sm", captionClassName)}>{caption}</dd>
        </div>
      ))}
    </dl>
  );
}
