import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { TabsCount, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";

export interface TabItem {
  value: string;
  label: string;
  /** null: a tab that counts nothing (Insights). */
  count: number | string | null;
}

/**
 * The pipeline's tab strip (inside the board's Tabs): scrolls sideways on a phone, with dots
 * showing where in the strip you are (docs/product.md section 2).
 */
export function PipelineTabs({ tabs, active }: { tabs: TabItem[]; active: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState({ count: 1, current: 0 });

  // Measured before the first paint, so the phone's dots do not appear a frame later and push
  // the page down (docs/decisions/038).
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const measure = () => {
      // A hidden strip measures 0 wide; dividing by it would ask for infinitely many dots.
      if (el.clientWidth === 0) return setPages({ count: 1, current: 0 });
      const count = Math.max(1, Math.ceil(el.scrollWidth / el.clientWidth - 0.05));
      const current = Math.min(count - 1, Math.round((el.scrollLeft / Math.max(1, el.scrollWidth - el.clientWidth)) * (count - 1)) || 0);
      setPages({ count, current });
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      el.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [tabs.length]);

  useEffect(() => {
    strip.current?.querySelector<HTMLElement>("[role=tab][data-state=active]")?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [active]);

  return (
    <div>
      {/* From md up there are no dots: the strip wraps rather than hide tabs off its edge (ten with the owner's Auto-buy, docs/decisions/065-auto-buy-screens.md). */}
      {/* Below md each tab is 44 px to tap in the 36 px line it always took (the strip's padding holds the rest, which its scroll would cut): the first lead stays on the first screen (docs/decisions/084-undo-a-stage-move.md). */}
      <TabsList ref={strip} aria-label="Pipeline" className="scroll-smooth pb-1 max-md:-mt-1 max-md:pt-1 md:flex-wrap md:gap-y-2">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} variant="pill" className="min-h-11 max-md:-my-1">
            {tab.label}
            {tab.count !== null && <TabsCount>{tab.count}</TabsCount>}
          </TabsTrigger>
        ))}
      </TabsList>
      {pages.count > 1 && (
        <div className="mt-2 flex justify-center gap-1.5 md:hidden" aria-hidden>
          {Array.from({ length: pages.count }, (_, i) => (
            <span key={i} className={cn("size-1.5 rounded-full", i === pages.current ? "bg-brand-700" : "bg-slate-300")} />
          ))}
        </div>
      )}
    </div>
  );
}
