// /for-providers: the electrician landing page with the callback form (docs/product.md section 2
// "Provider landing page"; marketing copy of section 1).
import {
  ArrowLeft,
  BadgeDollarSign,
  Check,
  Clock,
  Handshake,
  Lock,
  PhoneCall,
  Quote,
  ShieldCheck,
  Star,
  TrendingDown,
  UserCheck,
  Wrench,
  X,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { Figures } from "@/components/ui/figures";
import { usePublicConfig } from "@/lib/use-public-config";
import { formatMoney, telHref } from "@/lib/format";
import { usePageMeta } from "@/lib/seo";
import { PUBLIC_PAGES } from "@shared/seo";
import { CallbackForm } from "@/features/callbacks/CallbackForm";

const FORM_ID = "callback";

function scrollToForm() {
  const section = document.getElementById(FORM_ID);
  section?.scrollIntoView({ behavior: "smooth", block: "start" });
  section?.querySelector<HTMLInputElement>("input:not([tabindex='-1'])")?.focus({ preventScroll: true });
}

function RequestCallbackButton({ label = "Request Callback", className }: { label?: string; className?: string }) {
  return (
    <Button type="button" variant="spark" size="lg" onClick={scrollToForm} className={className}>
      <PhoneCall aria-hidden /> {label}
    </Button>
  );
}

const FIGURES = [
  ["From $40", "per lead"],
  ["Zero", "competition"],
  ["$0", "monthly fees"],
  ["$2,000+", "a week for top electricians"],
] as const;

const STEPS = [
  { n: "01", title: "Request Callback", text: "Leave your details. It takes 30 seconds." },
  { n: "02", title: "Get Approved", text: "We phone within 24 hours for a quick chat to check you're a good fit." },
  { n: "03", title: "Start Earning", text: "Buy the jobs you want, when you want them. Win the work, get paid." },
];

const BENEFITS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: Lock, title: "Leads Exclusive to You", text: "Each lead is sold to one electrician only. Zero competition once it's yours." },
  { icon: BadgeDollarSign, title: "$0 Monthly Fees", text: "No subscription and no monthly fee. You only pay for the leads you take." },
  { icon: Handshake, title: "No Lock-in Contracts", text: "Too busy this week? Simply don't take a lead. Come and go as you please." },
  { icon: ShieldCheck, title: "Bad Lead? Replaced", text: "If a lead turns out to be bad, report it and we'll credit you." },
];

const TESTIMONIALS = [
  { name: "Mark T.", city: "Sydney", quote: "I pick the jobs that suit my van and my week. Three switchboard upgrades last month from leads under $40 each." },
  { name: "Jess R.", city: "Brisbane", quote: "No more paying an agency every month for nothing. I buy a lead, I call, I quote. Simple." },
];

const OLD_WAY = [
  ["Website build", 2000],
  ["Google Ads", 1500],
  ["Facebook Ads", 1500],
  ["Agency retainer", 1000],
  ["Monthly management", 800],
] as const;

const STRATEGIES = [
  { title: "Premium", when: "Buy early", text: "Take the lead the moment it lands, at market rate. Best for urgent, high-value jobs." },
  { title: "Balanced", when: "Wait 20-30 minutes", text: "About 50% off the starting price, if nobody else has bought it first." },
  { title: "Bargain", when: "Wait for the final minutes", text: "The lowest prices, with the highest risk that another electrician takes it." },
];

const dollars = (n: number) => formatMoney(n, { wholeDollars: true });

export function ProvidersPage() {
  usePageMeta(PUBLIC_PAGES["/for-providers"]);
  const { sitePhone } = usePublicConfig();
  const total = OLD_WAY.reduce((sum, [, cost]) => sum + cost, 0);

  return (
    <PublicLayout>
      <section className="relative overflow-hidden bg-slate-950 text-white">
        {/* Decorative lightning: no behaviour. */}
        <div aria-hidden className="pointer-events-none absolute inset-0 opacity-10 sm:opacity-20">
          <Zap className="absolute -left-10 top-10 hidden size-72 rotate-12 text-spark-400 sm:block" fill="currentColor" />
          <Zap className="absolute -right-16 bottom-0 size-96 -rotate-12 text-brand-600" fill="currentColor" />
        </div>
        <div className="relative mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <Link href="/" className="inline-flex items-center gap-1 text-sm text-slate-300 hover:text-white">
            <ArrowLeft className="size-4" aria-hidden /> Back to home
          </Link>
          <p className="mt-6 flex w-fit items-center gap-2 rounded-full bg-spark-400/15 px-3 py-1 text-sm font-medium text-spark-300">
            <Wrench className="size-4" aria-hidden /> For licensed electricians
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            Get paid per job. <span className="text-spark-400">No subscriptions.</span>
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-300">
            Real customers asking for electrical quotes in your area. Buy only the leads you want, each one exclusive to you. Built by tradies, for tradies.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <RequestCallbackButton />
            <Button asChild variant="outline" size="lg" className="border-white/30 bg-transparent text-white hover:bg-white/10">
              <a href={telHref(sitePhone)}>
                <PhoneCall aria-hidden /> Call {sitePhone}
              </a>
            </Button>
          </div>
          <Figures
            figures={FIGURES}
            className="mt-10 gap-3 sm:grid-cols-4"
            tileClassName="border border-white/10 bg-white/5"
            captionClassName="text-slate-300"
          />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="how-heading" className="text-center text-2xl font-bold sm:text-3xl">
          How It Works
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map((s) => (
            <li key={s.n} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="text-3xl font-extrabold text-brand-700">{s.n}</span>
              <h3 className="mt-2 text-lg font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-white py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="benefits-heading" className="text-center text-2xl font-bold sm:text-3xl">
            Why electricians join
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 p-5">
                <span className="mb-3 flex size-11 items-center justify-center rounded-lg bg-spark-400/20 text-slate-900">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <ul className="mt-8 grid gap-4 md:grid-cols-2">
            {TESTIMONIALS.map((t) => (
              <li key={t.name} className="rounded-xl bg-slate-50 p-6">
                <Quote className="size-6 text-brand-700" aria-hidden />
                <p className="mt-2 text-slate-800">"{t.quote}"</p>
                <div className="mt-4 flex items-center justify-between">
                  <p className="text-sm font-semibold">
                    {t.name}, <span className="font-normal text-slate-600">{t.city}</span>
                  </p>
                  <p className="flex gap-0.5" role="img" aria-label="Rated 5 out of 5">
                    {Array.from({ length: 5 }, (_, i) => (
                      <Star key={i} className="size-4 fill-spark-400 text-spark-500" aria-hidden />
                    ))}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id={FORM_ID} aria-labelledby="callback-heading" className="scroll-mt-20 bg-brand-900 py-14">
        <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 lg:grid-cols-[1fr_1.2fr]">
          <div className="text-white">
            <h2 id="callback-heading" className="text-2xl font-bold sm:text-3xl">
              Request a callback
            </h2>
            <p className="mt-3 text-blue-100">
              Joining is by invitation. Leave your details and our team will phone you within 24 hours for a quick chat about your business and your area.
            </p>
            <ul className="mt-5 space-y-2 text-blue-50">
              {["No sign-up fee", "No monthly fee", "No lock-in contract", "Licensed electricians only"].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <Check className="size-4 text-spark-400" aria-hidden /> {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-5 shadow-xl sm:p-7">
            <CallbackForm />
          </div>
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="compare-heading" className="text-center text-2xl font-bold sm:text-3xl">
          The old way vs. our way
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">
          Most electricians pay thousands up front for marketing and hope the phone rings. One month of the usual spend looks like this.
        </p>
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <div className="rounded-2xl border border-red-200 bg-white p-6">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-red-700">
              <X className="size-5" aria-hidden /> The old way
            </h3>
            <table className="mt-4 w-full text-sm">
              <caption className="sr-only">Typical marketing costs</caption>
              <tbody>
                {OLD_WAY.map(([item, cost]) => (
                  <tr key={item} className="border-b border-slate-100">
                    <th scope="row" className="py-2 text-left font-normal text-slate-700">
                      {item}
                    </th>
                    <td className="py-2 text-right">{dollars(cost)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="pt-3 text-left font-semibold">
                    Total
                  </th>
                  <td className="pt-3 text-right font-semibold">{dollars(total)}</td>
                </tr>
              </tbody>
            </table>
            <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              If 10 leads come in, that's <strong>{dollars(total / 10)} per lead</strong>, and they may be shared with three other electricians.
            </p>
          </div>
          <div className="rounded-2xl border border-green-200 bg-white p-6">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-green-700">
              <Check className="size-5" aria-hidden /> Our way
            </h3>
            <ul className="mt-4 space-y-3 text-sm text-slate-700">
              <li className="flex gap-2">
                <Check className="size-4 shrink-0 text-green-600" aria-hidden /> $0 website, $0 ads, $0 retainer, $0 monthly fees
              </li>
              <li className="flex gap-2">
                <Check className="size-4 shrink-0 text-green-600" aria-hidden /> Leads from $40, and often less while the price falls
              </li>
              <li className="flex gap-2">
                <Check className="size-4 shrink-0 text-green-600" aria-hidden /> Every lead exclusive to you: zero competition
              </li>
              <li className="flex gap-2">
                <Check className="size-4 shrink-0 text-green-600" aria-hidden /> Bad lead? Report it and it's replaced
              </li>
              <li className="flex gap-2">
                <Check className="size-4 shrink-0 text-green-600" aria-hidden /> Busy? Don't buy. No contract, no penalty
              </li>
            </ul>
            <p className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-800">
              10 leads could cost you <strong>$400 or less</strong> instead of {dollars(total)}.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="auction-heading" className="bg-white py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="auction-heading" className="flex items-center justify-center gap-2 text-center text-2xl font-bold sm:text-3xl">
            <TrendingDown className="size-7 text-brand-700" aria-hidden /> Smart Auction Pricing
          </h2>
          <p className="mx-auto mt-3 max-w-3xl text-center text-slate-600">
            Each lead starts at the average of the last 5 sales plus 10% (never less than $40) and falls steadily to $0 over one hour. The first electrician to
            buy it takes it, and it's gone for good.
          </p>
          <p className="mt-3 text-center">
            {/* The public price tape (docs/decisions/066-price-tape.md). */}
            <Link href="/lead-prices" className="font-semibold text-brand-700 underline">
              See what leads really sold for in your area
            </Link>
          </p>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {STRATEGIES.map((s) => (
              <li key={s.title} className="rounded-xl border border-slate-200 p-5">
                <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-700">
                  <Clock className="size-4" aria-hidden /> {s.when}
                </p>
                <h3 className="mt-1 text-lg font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{s.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="built-heading" className="mx-auto max-w-4xl px-4 py-14 text-center">
        <UserCheck className="mx-auto size-10 text-brand-700" aria-hidden />
        <h2 id="built-heading" className="mt-3 text-2xl font-bold sm:text-3xl">
          Why we built it
        </h2>
        <p className="mt-3 text-slate-600">
          We watched good electricians lose thousands to agencies and ad platforms, and lose jobs to whoever answered first on shared leads. So we built the
          opposite: real jobs, one electrician per lead, a fair price set by the market, and nothing to pay when you're too busy to take on more.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <RequestCallbackButton label="Join the Network" />
          <Button type="button" variant="outline" size="lg" onClick={scrollToForm}>
            Talk to our team
          </Button>
        </div>
        <p className="mt-6 text-sm text-slate-600">
          Questions? Call{" "}
          <a href={telHref(sitePhone)} className="font-semibold text-brand-700 hover:underline">
            {sitePhone}
          </a>
          . Read our{" "}
          <Link href="/privacy-policy" className="text-brand-700 underline">
            Privacy Policy
          </Link>{" "}
          and{" "}
          <Link href="/terms-and-conditions" className="text-brand-700 underline">
            Terms &amp; Conditions
          </Link>
          .
        </p>
      </section>
    </PublicLayout>
  );
}
