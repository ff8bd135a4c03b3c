import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";
import { GREETING_REFRESH_MS, greetingFor } from "./greeting";

/** Holds the line's place until the visitor's hour is known: the page is rendered at build time, and the browser's first render must match it. */
const PLACEHOLDER = "Good afternoon! Need a licensed electrician?";

/** Time-of-day greeting, refreshed every minute. */
export function Greeting({ className }: { className?: string }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), GREETING_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (!now) return <p className={cn(className, "invisible")}>{PLACEHOLDER}</p>;
  return <p className={className}>{greetingFor(now)}</p>;
}
