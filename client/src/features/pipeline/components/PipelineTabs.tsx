import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

export interface TabItem {
  value: string;
  label: string;
  count: number | string;
}

/**
 * The pipeline's tab strip: scrolls sideways on a phone, with dots showing where in the
 * strip you are (SPEC.md section 2). Arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function PipelineTabs({ tabs, active, onChange }: { tabs: TabItem[]; active: string; onChange: (value: string) => void }) {
  const strip = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState({ count: 1, current: 0 });

  useEffect(() => {
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
    strip.current?.querySelector<HTMLElement>(`[data-value="${active}"]`)?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [active]);

  function onKeyDown(e: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.value === active);
    const next = e.key === "ArrowRight" ? index + 1 : e.key === "ArrowLeft" ? index - 1 : -2;
    if (next === -2) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onChange(tab.value);
    strip.current?.querySelector<HTMLElement>(`[data-value="${tab.value}"]`)?.focus();
  }

  return (
    <div>
      <div ref={strip} role="tablist" aria-label="Pipeline" onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto scroll-smooth pb-1 [scrollbar-width:none]">
        {tabs.map((tab) => {
          const selected = tab.value === active;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={`tab-${tab.value}`}
              data-value={tab.value}
              aria-selected={selected}
              aria-controls="pipeline-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              className={cn(
                "flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap",
                selected ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100",
              )}
            >
              {tab.label}
              <span className={cn("rounded-full px-1.5 text-xs", selected ? "bg-white/20" : "bg-slate-100 text-slate-600")}>{tab.count}</span>
            </button>
          );
        })}
      </div>
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
