import { SearchX } from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { usePageMeta } from "@/lib/seo";
import { NOT_FOUND_PAGE } from "@shared/seo";

/** A path no page answers (the server sends it with 404): what happened, and the ways on. */
export function NotFoundPage() {
  usePageMeta(NOT_FOUND_PAGE);
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <SearchX className="size-12 text-slate-400" aria-hidden />
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p className="text-slate-600">The address may be mistyped, or the page has moved. These will get you on your way:</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href="/get-quote">Get a free quote</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/job">Find my request</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">Home</Link>
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}
