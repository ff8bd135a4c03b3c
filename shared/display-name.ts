// How a person is named on screens and exports, without Zod: the dashboard's title reads it in the
// first load (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).
import type { CurrentUser } from "./auth";

/** "Dave Sparks", or the username when no name is on file. */
export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "username">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username;
}
