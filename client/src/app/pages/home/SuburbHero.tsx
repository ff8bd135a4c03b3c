// The shared suburb hero (docs/product.md section 2): 'Australia' gives the Australia-wide
// headline; any other name 'Licensed Electricians in {suburb}'.
import { BadgeCheck, Clock, Phone, ShieldCheck, Star, Zap } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { usePublicConfig } from "@/lib/use-public-config";
import { trackEvent } from "@/lib/analytics";
import { telHref } from "@/lib/format";
import { Greeting } from "./Greeting";

export function heroHeadline(suburb: string) {
  return suburb === "Australia" ? "Licensed Electricians Australia Wide" : `Licensed Electricians in ${suburb}`;
}

export function SuburbHero({ suburb, description }: { suburb: string; description: string }) {
  const { sitePhone } = usePublicConfig();
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-spark-400/10 blur-3xl" />
      <Zap aria-hidden className="pointer-events-none absolute -bottom-10 right-4 size-64 text-white/5 sm:right-16" fill="currentColor" />
      <div className="relative mx-auto flex max-w-6xl flex-col gap-5 px-4 py-12 sm:py-20">
        <Greeting className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm text-blue-50" />
        <h1 className="max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">{heroHeadline(suburb)}</h1>
        <p className="max-w-2xl text-lg text-blue-100">{description}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="spark" size="lg" className="h-13 text-base shadow-lg shadow-black/20">
            <Link href="/get-quote">
              <Zap aria-hidden fill="currentColor" /> Get Free Electrical Quote
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="h-13 border-white/40 bg-white/5 text-base text-white hover:bg-white/15">
            <a href={telHref(sitePhone)} onClick={() => void trackEvent("phone_click", { phoneNumber: sitePhone })}>
              <Phone aria-hidden /> Call {sitePhone}
            </a>
          </Button>
        </div>
        <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-blue-50 sm:flex sm:flex-wrap sm:gap-6">
          <li className="flex items-center gap-2">
            <ShieldCheck className="size-4 text-spark-400" aria-hidden /> Licensed &amp; insured
          </li>
          <li className="flex items-center gap-2">
            <Clock className="size-4 text-spark-400" aria-hidden /> Matched in minutes
          </li>
          <li className="flex items-center gap-2">
            <BadgeCheck className="size-4 text-spark-400" aria-hidden /> No obligation
          </li>
          <li className="flex items-center gap-2">
            <Star className="size-4 fill-spark-400 text-spark-400" aria-hidden /> Reviews only from real jobs
          </li>
        </ul>
      </div>
    </section>
  );
}
