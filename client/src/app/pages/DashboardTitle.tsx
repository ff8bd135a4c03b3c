// The dashboard's title and who is signed in: the app's dashboard and the server's first screen of
// it (docs/decisions/092-first-screen-from-the-server.md) show the same.
import type { CurrentUser } from "@shared/auth";
import { displayName } from "@shared/display-name";
import { ROLE_LABELS } from "@shared/labels";

export const dashboardTitle = (user: Pick<CurrentUser, "userType"> | null | undefined) =>
  user?.userType === "super_admin" ? "CRM Dashboard" : "Lead Dashboard";

export function DashboardTitle({ user }: { user: CurrentUser }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{dashboardTitle(user)}</h1>
      <p className="mt-1 text-sm text-slate-600 max-sm:truncate">
        Signed in as {displayName(user)} · {ROLE_LABELS[user.userType]}
        {user.companyName && <> · {user.companyName}</>}
      </p>
    </>
  );
}
