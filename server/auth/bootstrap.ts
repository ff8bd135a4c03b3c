import { eq, sql } from "drizzle-orm";
import { users } from "../../shared/schema";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { hashPassword } from "./password";

/** SUPER_ADMIN_USERNAME/PASSWORD make sure that account exists, as super admin, with that password. */
export async function ensureSuperAdmin(db: Db, config: Pick<Config, "SUPER_ADMIN_USERNAME" | "SUPER_ADMIN_PASSWORD">) {
  const username = config.SUPER_ADMIN_USERNAME;
  const password = config.SUPER_ADMIN_PASSWORD;
  if (!username || !password) return;
  const hashed = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (existing) {
    await db.update(users).set({ password: hashed, userType: "super_admin", isActive: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return;
  }
  await db.insert(users).values({ username, password: hashed, userType: "super_admin", firstName: "Super", lastName: "Admin", isVerified: true });
}
