import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn("size-6 animate-spin text-brand-700", className)} />;
}

/** Full-screen spinner while the session resolves (docs/product.md section 2, route tables). */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
