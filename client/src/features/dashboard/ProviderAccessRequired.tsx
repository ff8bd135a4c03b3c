import { Lock } from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { usePageMeta } from "@/lib/seo";

/** /dashboard for anyone without a dashboard role (docs/product.md section 2, provider lead dashboard). */
export function ProviderAccessRequired() {
  usePageMeta({ title: "Provider Access Required", description: "The lead dashboard is for registered service providers.", path: "/dashboard", noIndex: true });
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Lock className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold">Provider Access Required</h1>
        <p className="text-slate-600">This dashboard is only available to registered service providers.</p>
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link href="/signup">Register as Provider</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/login">Login</Link>
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}
