import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/**
 * Every page view starts at the top (docs/product.md section 2, header and footer). Not the page
 * the app takes over: it loaded at the top, and a person may have scrolled it before the app came
 * (docs/decisions/036); moving it then would pull what they were about to tap from under them.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  const arrived = useRef(location);
  useEffect(() => {
    if (location === arrived.current) return;
    arrived.current = location;
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
