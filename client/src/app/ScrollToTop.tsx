import { useEffect } from "react";
import { useLocation } from "wouter";

/** Every page view starts at the top (docs/product.md section 2, header and footer). */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
