// Activating and deactivating providers. A deactivated provider's sessions end at
// once, with their team's; passport already treats an inactive user as signed out, the
// login refuses them (server/core/accounts/service.ts) and so every purchase route does too.
import { ADMIN_MESSAGES } from "../../../shared/admin";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { endSessionsOfProviderAndTeam, setProviderActive } from "./repo";

export async function setProviderActiveState(db: Db, id: number, isActive: boolean, now: Date) {
  return db.transaction(async (tx) => {
    const provider = await setProviderActive(tx, id, isActive, now);
    if (!provider) throw notFound(ADMIN_MESSAGES.providerNotFound);
    if (!isActive) await endSessionsOfProviderAndTeam(tx, id);
    return provider;
  });
}

/** The operator's provider list, a page at a time. */
export { listProviders } from "./repo";
