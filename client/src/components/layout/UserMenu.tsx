// The signed-in user's dropdown (docs/product.md section 2): name, role label, Logout.
import { ChevronDown, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useLogout } from "@/lib/auth";
import type { CurrentUser } from "@shared/auth";
import { displayName } from "@shared/display-name";
import { ROLE_LABELS } from "@shared/labels";

/** In the menu a provider reads as "Service Provider" (docs/product.md section 2, role labels). */
export const menuRoleLabel = (user: Pick<CurrentUser, "userType">) => (user.userType === "provider" ? "Service Provider" : ROLE_LABELS[user.userType]);

function initials(user: CurrentUser) {
  const letters = [user.firstName, user.lastName]
    .map((p) => p?.trim()[0])
    .filter(Boolean)
    .join("");
  return (letters || user.username.slice(0, 2)).toUpperCase();
}

function Avatar({ user }: { user: CurrentUser }) {
  return (
    <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
      {initials(user)}
    </span>
  );
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name is built from the text, not an aria-label (axe label-content-name-mismatch,
            docs/decisions/032): what a sighted user reads is part of what a screen reader hears. */}
        <Button variant="ghost" className="h-11 gap-2 px-2">
          <span className="sr-only">Account menu for </span>
          <Avatar user={user} />
          <span className="hidden max-w-40 truncate text-left leading-tight xl:block">
            <span className="block truncate text-sm font-semibold">{displayName(user)}</span>
            <span className="block text-xs font-normal text-slate-500">{ROLE_LABELS[user.userType]}</span>
          </span>
          <span className="sr-only xl:hidden">{displayName(user)}</span>
          <ChevronDown className="text-slate-500" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block font-semibold">{displayName(user)}</span>
          <span className="block text-xs text-slate-500">{menuRoleLabel(user)}</span>
          {user.email && <span className="block truncate text-xs text-slate-500">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The same, as a block at the foot of the mobile menu. */
export function MobileUserSection({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <div className="flex items-center gap-3 px-1">
        <Avatar user={user} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{displayName(user)}</p>
          <p className="text-sm text-slate-500">{menuRoleLabel(user)}</p>
        </div>
      </div>
      <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
        <LogOut aria-hidden /> Logout
      </Button>
    </div>
  );
}
