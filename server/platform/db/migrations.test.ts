import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { users } from "../../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";

describe("migrations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("when applied a second time, then nothing changes and no row is lost", async () => {
    await database.db.insert(users).values({ username: "kept", password: "x" });
    const before = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await database.migrate();
    const after = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((after as { rows: unknown[] }).rows).toEqual((before as { rows: unknown[] }).rows);
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(["kept"]);
  });

  it("when a username differs only in case, then the database refuses the duplicate", async () => {
    await expect(database.db.insert(users).values({ username: "KEPT", password: "x" })).rejects.toThrow();
  });
});
