import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { hashPassword } from "../../platform/access/password";
import { upsertSuperAdmin } from "./repo";

/** SUPER_ADMIN_USERNAME/PASSWORD make sure that account exists, as super admin, with that password. */
export async function ensureSuperAdmin(db: Db, config: Pick<Config, "SUPER_ADMIN_USERNAME" | "SUPER_ADMIN_PASSWORD">) {
  const username = config.SUPER_ADMIN_USERNAME;
  const password = config.SUPER_ADMIN_PASSWORD;
  if (!username || !password) return;
  const hashed = await hashPassword(password);
  await upsertSuperAdmin(db, username, hashed, new Date());
}
