import { useEffect, useState } from "react";

/** The current time, renewed every `intervalMs` while mounted: the contact promise's countdown counts minutes. */
export function useNow(intervalMs = 15_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
