import { Mail, Phone } from "lucide-react";
import { Link } from "wouter";
import { usePublicConfig } from "@/lib/use-public-config";
import { telHref } from "@/lib/format";
import { useCurrentUser } from "@/lib/auth";
import { Logo } from "./Logo";
import { footerLinksFor } from "./nav-items";

const AREAS = ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "All Australia Wide"];

export function Footer() {
  const { sitePhone, siteEmail } = usePublicConfig();
  const { user } = useCurrentUser();
  return (
    <footer className="mt-auto bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[1fr_0.8fr_1fr_1.2fr]">
        <div className="space-y-3">
          <Logo inverted />
          <p className="text-sm">Licensed, insured electricians for homes and businesses anywhere in Australia. Emergency callouts 24/7.</p>
        </div>
        <nav aria-label="Footer" className="space-y-2">
          <h2 className="font-semibold text-white">Quick links</h2>
          {/* Taller links: comfortable to tap on a phone. */}
          <ul className="text-sm">
            {footerLinksFor(user?.userType).map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-2">
          <h2 className="font-semibold text-white">Service areas</h2>
          <ul className="space-y-1 text-sm">
            {AREAS.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
          <p className="text-sm">Also servicing Canberra, Darwin and Hobart.</p>
        </div>
        <div className="space-y-2">
          <h2 className="font-semibold text-white">Contact</h2>
          <a href={telHref(sitePhone)} className="flex min-h-11 items-center gap-2 text-sm hover:text-white">
            <Phone className="size-4 shrink-0" aria-hidden /> {sitePhone}
          </a>
          <a href={`mailto:${siteEmail}`} className="flex min-h-11 items-center gap-2 break-all text-sm hover:text-white">
            <Mail className="size-4 shrink-0" aria-hidden /> {siteEmail}
          </a>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400">
          © {new Date().getFullYear()} Aussie Electricians. This site is operated by a media agency. Need a website for your business? We build them from $550.
        </p>
      </div>
    </footer>
  );
}
