import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { usePageMeta } from "@/lib/seo";
import { NOT_FOUND_PAGE } from "@shared/seo";

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_PAGE);
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <AlertCircle className="size-12 text-red-500" aria-hidden />
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="text-slate-600">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
      </div>
    </PublicLayout>
  );
}
