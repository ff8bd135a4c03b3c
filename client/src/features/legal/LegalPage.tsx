import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { usePublicConfig } from "@/lib/use-public-config";
import { telHref } from "@/lib/format";

export const LEGAL_UPDATED = "August 15, 2025";

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** Static legal text with a back-to-home link and the contact details (docs/product.md section 2 "Legal pages"). */
export function LegalPage({ title, intro, sections, contactLabel }: { title: string; intro: string; sections: LegalSection[]; contactLabel: string }) {
  const { sitePhone, siteEmail } = usePublicConfig();
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <Link href="/" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Back to home
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-500">Last updated: {LEGAL_UPDATED}</p>
        <p className="mt-6 text-slate-700">{intro}</p>
        <div className="mt-8 space-y-8">
          {sections.map((s, i) => (
            <section key={s.heading} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`} className="text-xl font-bold text-slate-900">
                {i + 1}. {s.heading}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc">{s.body}</div>
            </section>
          ))}
          <section aria-labelledby="legal-contact" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="legal-contact" className="text-xl font-bold text-slate-900">
              {contactLabel}
            </h2>
            <p className="mt-2 text-slate-700">
              Phone:{" "}
              <a className="font-medium text-brand-700 hover:underline" href={telHref(sitePhone)}>
                {sitePhone}
              </a>
              <br />
              Email:{" "}
              <a className="font-medium text-brand-700 hover:underline" href={`mailto:${siteEmail}`}>
                {siteEmail}
              </a>
            </p>
          </section>
        </div>
      </article>
    </PublicLayout>
  );
}
