// Home: the Australia-wide landing page (docs/product.md section 2 "Home page").
import { BadgeCheck, CalendarClock, CircleDollarSign, MapPin, ShieldCheck, Star, Timer, Users, Zap, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { Figures } from "@/components/ui/figures";
import { usePublicConfig } from "@/lib/use-public-config";
import { useJsonLd, usePageMeta } from "@/lib/seo";
import { BUSINESS_DATA_ID, businessJsonLd, PUBLIC_PAGES } from "@shared/seo";
import { LocationSearch } from "./LocationSearch";
import { SuburbHero } from "./SuburbHero";

interface Tile {
  icon: LucideIcon;
  title: string;
  text: string;
}

const FEATURES: Tile[] = [
  { icon: Timer, title: "Fast Response", text: "Matched with a local electrician in minutes, with emergency callouts 24/7." },
  { icon: BadgeCheck, title: "Licensed Electricians", text: "Every electrician holds a current licence for the work they quote." },
  { icon: CalendarClock, title: "Flexible Scheduling", text: "Early starts, after hours or weekends: pick a time that suits you." },
  { icon: CircleDollarSign, title: "Upfront Pricing", text: "Clear quotes before work starts. No hidden costs, no surprises." },
];

const CARDS: Tile[] = [
  { icon: MapPin, title: "Any Location", text: "From the CBD to the bush: we cover every state and territory, Australia wide." },
  { icon: Zap, title: "Lightning Fast", text: "The quote form takes about 60 seconds. Electricians reply within 24 hours, often sooner." },
  { icon: ShieldCheck, title: "Licensed & Insured", text: "Work done to Australian standards by electricians with public liability cover." },
];

const WHY: Tile[] = [
  {
    icon: ShieldCheck,
    title: "Licensed & Insured",
    text: "We only work with licensed electricians who carry insurance, so your home and family are protected.",
  },
  { icon: Users, title: "Trusted Network", text: "A vetted network of local electricians who depend on their reputation in your area." },
  {
    icon: Star,
    title: "Real Reviews",
    text: "Every rating comes from a customer of a job found here, with their mobile confirmed. No one can pay to rank higher.",
  },
];

const FIGURES = [
  ["Free", "no-obligation quotes"],
  ["24/7", "emergency callouts"],
  ["60 sec", "to request a quote"],
  ["< 24 h", "for an electrician to call"],
] as const;

const CITIES = ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Canberra", "Hobart", "Darwin"];

function TileGrid({ tiles, columns }: { tiles: Tile[]; columns: string }) {
  return (
    <ul className={`grid gap-4 ${columns}`}>
      {tiles.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="mb-3 flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function HomePage() {
  const { sitePhone, siteEmail } = usePublicConfig();
  usePageMeta(PUBLIC_PAGES["/"]);
  // No window when the page is rendered at build time (scripts/prerender.ts); the server writes this block into the head itself.
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  useJsonLd(BUSINESS_DATA_ID, businessJsonLd(origin, sitePhone, siteEmail));

  return (
    <PublicLayout>
      <SuburbHero
        suburb="Australia"
        description="Free, no-obligation quotes from licensed local electricians, anywhere in Australia. Matched in minutes; the form takes about 60 seconds."
      />

      <section aria-labelledby="find-heading" className="relative z-10 mx-auto -mt-6 max-w-4xl px-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6">
          <h2 id="find-heading" className="mb-1 text-xl font-bold text-slate-900">
            Find electricians near you
          </h2>
          <p className="mb-4 text-sm text-slate-600">Enter your address or suburb and we'll match you with licensed electricians nearby.</p>
          <LocationSearch />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="features-heading" className="sr-only">
          Why customers use us
        </h2>
        <TileGrid tiles={FEATURES} columns="sm:grid-cols-2 lg:grid-cols-4" />
      </section>

      <section aria-labelledby="how-heading" className="bg-white py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="how-heading" className="text-center text-2xl font-bold sm:text-3xl">
            Electrical help, wherever you are
          </h2>
          <p className="mx-auto mb-8 mt-2 max-w-2xl text-center text-slate-600">One short form reaches licensed electricians who work in your area.</p>
          <TileGrid tiles={CARDS} columns="md:grid-cols-3" />
        </div>
      </section>

      <section aria-labelledby="trusted-heading" className="mx-auto max-w-6xl px-4 py-14">
        <div className="grid items-center gap-8 rounded-2xl bg-brand-900 p-6 text-white sm:p-10 lg:grid-cols-2">
          <div>
            <h2 id="trusted-heading" className="text-2xl font-bold sm:text-3xl">
              Trusted Across Australia
            </h2>
            <p className="mt-3 text-blue-100">
              Homeowners, landlords and businesses in every capital city and hundreds of regional towns use us to find a reliable electrician fast.
            </p>
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Cities we cover">
              {CITIES.map((city) => (
                <li key={city} className="rounded-full bg-white/10 px-3 py-1 text-sm">
                  {city}
                </li>
              ))}
            </ul>
          </div>
          <Figures figures={FIGURES} className="gap-4" tileClassName="bg-white/10" valueClassName="sm:text-3xl" captionClassName="text-blue-100" />
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-spark-400">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold text-slate-900">
              Ready for a free electrical quote?
            </h2>
            <p className="text-slate-800">No obligation, no cost. It takes about 60 seconds.</p>
          </div>
          <Button asChild size="lg" className="bg-slate-900 hover:bg-slate-800">
            <Link href="/get-quote">Start Your Free Quote</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="why-heading" className="mb-8 text-center text-2xl font-bold sm:text-3xl">
          Why Choose Aussie Electricians
        </h2>
        <TileGrid tiles={WHY} columns="md:grid-cols-3" />
      </section>
    </PublicLayout>
  );
}
