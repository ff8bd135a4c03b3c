import type { ReactNode } from "react";
import { Link } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

/** Below the card, where to go instead: "Already have an account? Sign in". */
export interface AuthFooterLink {
  prompt?: string;
  href: string;
  label: string;
}

/** The shared header and footer around one centred card: every sign-in screen. */
export function AuthLayout({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: AuthFooterLink;
}) {
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
        <Card>
          <CardHeader className="items-center text-center">
            {icon && <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-6">{icon}</div>}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {description && <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{description}</p>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer && (
          <div className="mt-6 text-center text-sm text-slate-600">
            {footer.prompt && `${footer.prompt} `}
            <Link href={footer.href} className="font-semibold text-brand-700 hover:underline">
              {footer.label}
            </Link>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}
