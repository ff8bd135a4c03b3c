// On a phone the floating notices stack just under the page's sticky header
// (docs/decisions/114-notices-under-the-phone-header.md): 4rem, the site header's height, unless a
// page's own sticky header is taller, as the operator's is with its tabs. Such a header says so
// with this hook.
import { useEffect, type RefObject } from "react";

/** While `bar` (a sticky element) is on the page, phone notices start below it; it may grow or shrink. */
export function useNoticesBelow(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    // Where its foot is once it sticks: its sticky offset and its height.
    const place = () => root.setProperty("--notices-top", `${(parseFloat(getComputedStyle(el).top) || 0) + el.offsetHeight}px`);
    const resized = new ResizeObserver(place);
    resized.observe(el);
    place();
    return () => {
      resized.disconnect();
      root.removeProperty("--notices-top");
    };
  }, [bar]);
}
