// Vetted electricians (docs/decisions/033): "Existing providers are approved by the migration." A database migrated up to the
// migration before vetting gets a provider, a team member and a customer; then the vetting
// migration runs. (Embedded PGlite on both runs: it is the migration's SQL under test.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../platform/db/client";

const VETTING_TAG = /_vetting$/;
const client = new PGlite("memory://");
afterAll(() => client.close());

/** The migrations folder as it was before the vetting migration. */
function foldersBeforeVetting() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "before-vetting-"));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((e) => VETTING_TAG.test(e.tag));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("the vetting migration", () => {
  it("when it runs over existing accounts, then providers and team members are approved, new rows start pending", async () => {
    const db = drizzle(client);
    const before = foldersBeforeVetting();
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`insert into users (username, password, user_type) values ('old_provider', 'x', 'provider'), ('old_customer', 'x', 'customer')`);
    await db.execute(
      sql`insert into users (username, password, user_type, team_owner_id) select 'old_member', 'x', 'team_member', id from users where username = 'old_provider'`,
    );

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await db.execute(sql`insert into users (username, password, user_type) values ('new_provider', 'x', 'provider')`);
    const rows = await db.execute<{ username: string; verification_status: string }>(sql`select username, verification_status from users order by username`);
    expect(Object.fromEntries(rows.rows.map((r) => [r.username, r.verification_status]))).toEqual({
      new_provider: "pending",
      old_customer: "pending",
      old_member: "approved",
      old_provider: "approved",
    });
    fs.rmSync(before, { recursive: true, force: true });
    // A fresh PGlite (no migrated template) runs initdb and every migration: slow on a busy machine.
  }, 120_000);
});
