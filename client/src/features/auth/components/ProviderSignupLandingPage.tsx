import { BadgeDollarSign, ShieldCheck, Users, Zap } from "lucide-react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { usePageMeta } from "@/lib/seo";
import { PUBLIC_PAGES } from "@shared/seo";
import { PRODUCT_NAME } from "@shared/site";

const FACTS = [
  { label: "Starting price", value: "From $40", icon: BadgeDollarSign },
  { label: "Competition", value: "Zero", icon: Users },
  { label: "Monthly fees", value: "$0", icon: ShieldCheck },
];

/** docs/product.md section 2, "Electrician sign-up landing page" (/provider-signup). */
export function ProviderSignupLandingPage() {
  usePageMeta(PUBLIC_PAGES["/provider-signup"]);
  return (
    <PublicLayout>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center sm:py-16">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-white/10 text-spark-400">
            <Zap className="size-7" fill="currentColor" aria-hidden />
          </span>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">Join {PRODUCT_NAME}</h1>
          <p className="max-w-xl text-lg text-blue-100">
            Exclusive leads from homeowners and businesses near you. Pay per lead, no subscription, no lock-in contract.
          </p>
        </div>
      </section>
      <div className="mx-auto -mt-8 max-w-md px-4 pb-14">
        <Card className="shadow-lg">
          <CardHeader className="items-center text-center">
            {/* h2 under the page's h1: headings go down one level at a time (docs/decisions/032, axe heading-order). */}
            <h2 className="text-xl leading-tight font-semibold">Licensed Electrician</h2>
            <p className="text-sm text-slate-600">Every lead is sold to one electrician only.</p>
          </CardHeader>
          <CardContent className="grid gap-5">
            <dl className="grid grid-cols-3 gap-2 text-center">
              {FACTS.map(({ label, value, icon: Icon }) => (
                <div key={label} className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-xs text-slate-600">
                    <Icon className="mx-auto mb-1 size-5 text-brand-700" aria-hidden />
                    {label}
                  </dt>
                  <dd className="text-lg font-bold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {/* The first specification points this button at its own page (docs/product.md section 2); it opens the sign-up form (docs/decisions/010-accounts-details.md). */}
            <Button asChild size="lg" variant="spark">
              <Link href="/signup">Sign up as an electrician</Link>
            </Button>
            <div className="flex justify-center gap-6 text-sm">
              <Link href="/login" className="font-semibold text-brand-700 hover:underline">
                Sign in
              </Link>
              <Link href="/get-quote" className="font-semibold text-brand-700 hover:underline">
                Get a quote
              </Link>
            </div>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
