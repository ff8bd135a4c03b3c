import { describe, expect, it } from "vitest";
import { HASHES_AT_ONCE, hashingNow, hashPassword, PASSWORD_COST, verifyPassword } from "./password";

describe("password hashes", () => {
  it("when a password is hashed at the production cost, then the hash records N=16384, r=8, p=1 and verifies", async () => {
    const hash = await hashPassword("correct horse battery", PASSWORD_COST);
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "16384", "8", "1"]);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  it("when no cost is named outside Vitest, then the production cost is used", async () => {
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect((await hashPassword("pw")).split("$")[1]).toBe(String(PASSWORD_COST.N));
    } finally {
      process.env.VITEST = saved;
    }
  });

  it("when a hash was made at another cost, then it is verified at the cost it records", async () => {
    const cheap = await hashPassword("pw", { N: 1024, r: 8, p: 1 });
    expect(cheap.split("$")[1]).toBe("1024");
    expect(await verifyPassword("pw", cheap)).toBe(true);
  });

  it("when the stored value is not a scrypt hash, then nothing verifies", async () => {
    expect(await verifyPassword("pw", "plain-text")).toBe(false);
  });

  it("when twenty sign-ins hash at once, then HASHES_AT_ONCE run and the rest wait their turn, and every one verifies", async () => {
    // At the production cost (about 50 ms a hash), so none has finished when the queue is looked at.
    const stored = await hashPassword("pw", PASSWORD_COST);
    const all = Promise.all(Array.from({ length: 20 }, (_, i) => verifyPassword(i % 2 ? "pw" : "wrong", stored)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hashingNow()).toEqual({ running: HASHES_AT_ONCE, waiting: 20 - HASHES_AT_ONCE });
    expect((await all).filter(Boolean)).toHaveLength(10);
    expect(hashingNow()).toEqual({ running: 0, waiting: 0 });
  });
});
