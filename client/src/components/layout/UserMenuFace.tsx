// What the user menu's button shows, outside the lazily loaded menu: the header draws it at once
// (as a placeholder until the menu's code arrives) so the header does not shift on a desktop
// when the menu loads (docs/decisions/038).
import { ChevronDown } from "lucide-react";
import { displayName, type CurrentUser } from "@shared/auth";
import { ROLE_LABELS } from "@shared/labels";

function initials(user: CurrentUser) {
  const letters = [user.firstName, user.lastName]
    .map((p) => p?.trim()[0])
    .filter(Boolean)
    .join("");
  return (letters || user.username.slice(0, 2)).toUpperCase();
}

export function Avatar({ user }: { user: CurrentUser }) {
  return (
    <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
      {initials(user)}
    </span>
  );
}

/** The button's classes and content; the name comes from the text (axe label-content-name-mismatch). */
export const USER_MENU_BUTTON = "h-11 gap-2 px-2";

export function UserMenuFace({ user }: { user: CurrentUser }) {
  return (
    <>
      <span className="sr-only">Account menu for </span>
      <Avatar user={user} />
      <span className="hidden max-w-40 truncate text-left leading-tight xl:block">
        <span className="block truncate text-sm font-semibold">{displayName(user)}</span>
        <span className="block text-xs font-normal text-slate-500">{ROLE_LABELS[user.userType]}</span>
      </span>
      <span className="sr-only xl:hidden">{displayName(user)}</span>
      <ChevronDown className="text-slate-500" aria-hidden />
    </>
  );
}
