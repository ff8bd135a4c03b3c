import { useEffect, useState } from "react";
import { GREETING_REFRESH_MS, greetingFor } from "./greeting";

/** Time-of-day greeting, refreshed every minute. */
export function Greeting({ className }: { className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), GREETING_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <p className={className}>{greetingFor(now)}</p>;
}
