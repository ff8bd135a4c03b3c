// Start-up on the embedded database: a restart changes nothing, demo data only on an empty
// database outside production, and the super admin bootstrapped after the seed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../shared/schema";
import { ensureSuperAdmin } from "../core/accounts/bootstrap";
import { verifyPassword } from "../platform/access/password";
import { loadConfig } from "../platform/config";
import { createLogger } from "../platform/logger";
import { PRODUCTION_ENV, testConfig } from "../test/app";
import { COPY_SETTINGS, pgliteTemplate } from "../test/database";
import { openDatabase, type Database } from "../platform/db/client";
import { createUser } from "./factories";
import { prepareDatabase, refreshEmbeddedStatistics } from "./prepare";

const config = testConfig();
const logger = createLogger(config);
const userCount = async (database: Database) => (await database.db.select({ n: count() }).from(users))[0]!.n;
const userNamed = async (database: Database, username: string) => (await database.db.select().from(users).where(eq(users.username, username)))[0];

let dataDir: string;
beforeAll(() => {
  vi.spyOn(console, "log").mockImplementation(() => {}); // the demo login lines
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ae-prepare-"));
});
afterAll(() => {
  vi.restoreAllMocks();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A fresh in-memory embedded database, also when the suite runs on PostgreSQL: demo data is
 * an embedded-only rule. From the run's template when there is one (suburbs already in, so
 * prepareDatabase skips the import).
 */
async function withMemoryDatabase(run: (database: Database) => Promise<void>, suburbs = true) {
  const database = await openDatabase({ dataDir: "memory://", template: await pgliteTemplate(suburbs), settings: COPY_SETTINGS });
  try {
    await database.migrate();
    await run(database);
  } finally {
    await database.close();
  }
}

describe("prepareDatabase", () => {
  it("when it runs twice on one on-disk data dir (a restart), then the second run applies no migration, seeds nothing and keeps the data", async () => {
    const migrations = async (database: Database) => {
      const result = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!;
    };
    // One client's settings: a PGlite on disk with the default buffers took most of 30 s to start (as the backup's test).
    const first = await openDatabase({ dataDir, template: await pgliteTemplate(true), settings: COPY_SETTINGS });
    let before: { users: number; migrations: number };
    try {
      await prepareDatabase(first, config, logger);
      expect(await userNamed(first, "dave")).toBeDefined(); // demo seeded on the empty database
      await createUser(first.db, { username: "kept_after_restart" });
      before = { users: await userCount(first), migrations: (await migrations(first)).n };
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir, settings: COPY_SETTINGS });
    try {
      await prepareDatabase(second, config, logger);
      expect(await userCount(second)).toBe(before.users);
      expect((await migrations(second)).n).toBe(before.migrations);
      expect(before.migrations).toBe(fs.readdirSync("migrations").filter((f) => f.endsWith(".sql")).length);
      expect(await userNamed(second, "kept_after_restart")).toBeDefined();
    } finally {
      await second.close();
    }
  });

  it("when the database already has a user, then no demo data is added", () =>
    withMemoryDatabase(async (database) => {
      await createUser(database.db, { username: "the_only_one" });
      await prepareDatabase(database, config, logger);
      expect(await userCount(database)).toBe(1);
    }));

  it("when NODE_ENV is production, then an empty embedded database gets no demo data", () =>
    withMemoryDatabase(async (database) => {
      const production = loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: "silent" });
      await prepareDatabase(database, production, logger);
      expect(await userCount(database)).toBe(0);
    }));

  it("when SUPER_ADMIN_USERNAME is the demo's superadmin (any case), then the seed runs and that account takes the configured password", () =>
    withMemoryDatabase(async (database) => {
      await prepareDatabase(database, testConfig({ SUPER_ADMIN_USERNAME: "SuperAdmin", SUPER_ADMIN_PASSWORD: "configured-secret" }), logger);
      expect(await userNamed(database, "dave")).toBeDefined();
      const admin = await userNamed(database, "superadmin");
      expect(admin?.userType).toBe("super_admin");
      expect(await verifyPassword("configured-secret", admin!.password)).toBe(true);
    }));
});

describe("refreshEmbeddedStatistics", () => {
  it("when it runs after start-up, then every table but the suburbs has its statistics taken", () =>
    withMemoryDatabase(async (database) => {
      await createUser(database.db, { username: "counted" });
      const analysed = async () => {
        const result = await database.db.execute(sql`select distinct tablename from pg_stats where tablename in ('users', 'suburbs') order by tablename`);
        return (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
      };
      // The suburbs have rows (a table without any would get no statistics either way), and the run's template took none.
      const suburbRows = await database.db.execute(sql`select count(*)::int as n from suburbs`);
      expect((suburbRows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
      expect(await analysed()).toEqual([]);
      await refreshEmbeddedStatistics(database, logger);
      expect(await analysed()).toEqual(["users"]);
    }));
});

describe("ensureSuperAdmin", () => {
  it("when the account does not exist, then it is created as an active super admin; when it does, then its password and role are set", () =>
    withMemoryDatabase(async (database) => {
      await ensureSuperAdmin(database.db, { SUPER_ADMIN_USERNAME: "boss", SUPER_ADMIN_PASSWORD: "first-secret" });
      const created = await userNamed(database, "boss");
      expect(created).toMatchObject({ userType: "super_admin", isActive: true });
      expect(await verifyPassword("first-secret", created!.password)).toBe(true);

      const demoted = await createUser(database.db, { username: "chief", userType: "provider", isActive: false });
      await ensureSuperAdmin(database.db, { SUPER_ADMIN_USERNAME: "CHIEF", SUPER_ADMIN_PASSWORD: "second-secret" });
      const updated = await userNamed(database, "chief");
      expect(updated).toMatchObject({ id: demoted.id, userType: "super_admin", isActive: true });
      expect(await verifyPassword("second-secret", updated!.password)).toBe(true);
      expect(await userCount(database)).toBe(2);
    }, false));
});
