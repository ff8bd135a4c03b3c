import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { AppRoutes } from "./routes";
import { ScrollToTop } from "./ScrollToTop";

// Radix's toast code loads with the first toast, not with the landing page.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

function Toasts() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * `seed`: answers known before the first render (start.tsx, prerender.tsx), so the first
 * screen need not wait for them. `onLive`: called once the app is on screen and responds.
 * Both are props rather than wrappers: the build-time HTML is hydrated, so the component tree
 * (and with it every useId) must be the same in the browser as at build time.
 */
export function App({ seed, onLive }: { seed?: (client: QueryClient) => void; onLive?: () => void }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seed?.(client);
    return client;
  });
  useEffect(() => onLive?.(), [onLive]);
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <AppRoutes />
      <Toasts />
    </QueryClientProvider>
  );
}
