import { Menu, Phone } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { usePublicConfig } from "@/lib/use-public-config";
import { useCurrentUser } from "@/lib/auth";
import { telHref } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { UserType } from "@shared/enums";
import { Logo } from "./Logo";
import { navItemsFor } from "./nav-items";

// Radix's dialog and menu code load when needed: a signed-out visitor on a phone who never
// opens the menu downloads neither (docs/decisions/028).
const Sheet = lazy(() => import("@/components/ui/sheet").then((m) => ({ default: m.Sheet })));
const UserMenu = lazy(() => import("./UserMenu").then((m) => ({ default: m.UserMenu })));
const MobileUserSection = lazy(() => import("./UserMenu").then((m) => ({ default: m.MobileUserSection })));

interface HeaderProps {
  userType?: UserType | null;
  /** Desktop extras on the right, before the user menu (dashboard actions). The phone menu shows `mobileExtras` instead. */
  actions?: ReactNode;
  /** Extra entries for the mobile menu (dashboard actions). */
  mobileExtras?: ReactNode;
}

export function Header({ userType, actions, mobileExtras }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const { sitePhone } = usePublicConfig();
  // The role comes from the session unless a page says otherwise.
  const { user } = useCurrentUser();
  const role = userType ?? user?.userType ?? null;
  const items = navItemsFor(role);
  // The call link and 'Provider Login' are for signed-out visitors only; a signed-in
  // customer keeps the customer navigation and gets the user dropdown (docs/product.md section 2).
  const signedOut = !user;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              aria-current={location === item.href ? "page" : undefined}
              className={cn(
                "rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100",
                location === item.href && "text-brand-700",
              )}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {signedOut && (
            <a
              href={telHref(sitePhone)}
              className="hidden items-center gap-2 rounded-lg bg-spark-400 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-spark-300 sm:flex"
            >
              <Phone className="size-4" aria-hidden /> {sitePhone}
            </a>
          )}
          {signedOut && (
            // Electricians find their way in from any page on a desktop too (docs/decisions/032).
            <Link href="/login" className="hidden rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-slate-100 md:block">
              Provider Login
            </Link>
          )}
          <div className="hidden whitespace-nowrap md:block">{actions}</div>
          {user && (
            // The menu's code arrives after the page: its place is kept at the button's widest
            // (the name shows from xl, at most w-40), so the header does not shift when it comes
            // (docs/decisions/038).
            <div className="hidden w-[72px] justify-end md:flex xl:w-60">
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            </div>
          )}
          {/* Drawn by the server before the app runs (a prerendered page, the dashboard's first screen): a
              tap then is held by the early-input script and given to this button once the app has
              taken over (server/platform/http/early-input.ts). */}
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label="Open menu"
            data-held-tap="menu"
            onClick={() => setOpen(true)}
          >
            <Menu className="size-6" />
          </button>
        </div>
      </div>
      {open && (
        <Suspense fallback={null}>
          <Sheet open={open} onOpenChange={setOpen} title="Menu">
            <nav aria-label="Mobile" className="flex flex-col gap-1" onClick={() => setOpen(false)}>
              {items.map((item) => (
                <Link key={item.href} href={item.href} className="rounded-lg px-3 py-3 font-medium hover:bg-slate-100">
                  {item.label}
                </Link>
              ))}
              {mobileExtras}
              {signedOut && (
                <>
                  <Link href="/login" className="rounded-lg px-3 py-3 font-medium hover:bg-slate-100">
                    Provider Login
                  </Link>
                  <a href={telHref(sitePhone)} className="mt-2 flex items-center gap-2 rounded-lg bg-spark-400 px-3 py-3 font-semibold">
                    <Phone className="size-4" aria-hidden /> Call {sitePhone}
                  </a>
                </>
              )}
            </nav>
            {/* Its own boundary: while its chunk loads, only this part waits, not the open sheet. */}
            {user && (
              <Suspense fallback={null}>
                <MobileUserSection user={user} />
              </Suspense>
            )}
          </Sheet>
        </Suspense>
      )}
    </header>
  );
}
