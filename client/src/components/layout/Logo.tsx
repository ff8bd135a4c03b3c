import { Zap } from "lucide-react";
import { Link } from "wouter";
import { PRODUCT_NAME } from "@shared/site";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link href="/" className="flex min-h-11 shrink-0 items-center gap-2 font-bold tracking-tight whitespace-nowrap" aria-label={`${PRODUCT_NAME} home`}>
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-800 text-spark-400">
        <Zap className="size-5" fill="currentColor" aria-hidden />
      </span>
      <span className={inverted ? "text-white" : "text-brand-900"}>{PRODUCT_NAME}</span>
    </Link>
  );
}
