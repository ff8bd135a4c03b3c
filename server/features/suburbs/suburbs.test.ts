import request from "supertest";
import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { suburbs } from "../../../shared/schema";
import { useTestApp } from "../../test/app";
import { importSuburbsIfEmpty, loadLocalities, titleCase } from "../../core/suburbs/import";
import { locationParts, resolveSuburb } from "../../core/suburbs/resolve";

const ctx = useTestApp({ suburbs: true });

describe("suburbs import", () => {
  it("when imported, then every locality is there once, without duplicates", async () => {
    const localities = loadLocalities();
    const keys = new Set(localities.map((l) => `${l.name}|${l.postcode}|${l.state}`));
    expect(keys.size).toBe(localities.length);
    expect(localities.length).toBeGreaterThan(15000);
    const [row] = await ctx.db.select({ n: count() }).from(suburbs);
    expect(row!.n).toBe(localities.length);
  });

  it("when imported, then Parramatta 2150 NSW has its coordinates", async () => {
    const rows = await ctx.db.select().from(suburbs).where(eq(suburbs.name, "Parramatta"));
    const parramatta = rows.find((r) => r.postcode === "2150");
    expect(parramatta?.state).toBe("NSW");
    expect(Number(parramatta?.latitude)).toBeCloseTo(-33.81, 1);
    expect(Number(parramatta?.longitude)).toBeCloseTo(151.0, 1);
  });

  it("when run again, then it adds nothing", async () => {
    expect(await importSuburbsIfEmpty(ctx.db)).toBe(0);
  });

  it("title-cases locality names", () => {
    expect(titleCase("NORTH PARRAMATTA")).toBe("North Parramatta");
    expect(titleCase("O'CONNOR")).toBe("O'Connor");
    expect(titleCase("BALD HILLS-BRIDGE")).toBe("Bald Hills-Bridge");
  });
});

describe("GET /api/suburbs", () => {
  it("when searching a name prefix, then matches come exact-first, at most 10", async () => {
    const res = await request(ctx.server).get("/api/suburbs").query({ q: "parramatta" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThanOrEqual(10);
    expect(res.body[0]).toMatchObject({ name: "Parramatta", postcode: "2150", state: "NSW" });
    for (const s of res.body) expect(s.name.toLowerCase().startsWith("parramatta")).toBe(true);
  });

  it("when a prefix is typed, then well-known localities come before tiny ones: Parra is Parramatta NSW first", async () => {
    const names = async (q: string) =>
      ((await request(ctx.server).get("/api/suburbs").query({ q })).body as { name: string; state: string }[]).map((s) => `${s.name} ${s.state}`);
    const parra = await names("Parra");
    expect(parra[0]).toBe("Parramatta NSW");
    // Shorter, tiny localities still follow: prefix order is kept among them.
    expect(parra.indexOf("Parrawe TAS")).toBeGreaterThan(0);
    expect((await names("Newc"))[0]).toBe("Newcastle NSW");
    expect((await names("Gee"))[0]).toBe("Geelong VIC");
    // An exact name beats a well-known prefix match: "Melba" is not Melbourne.
    expect((await names("Melba"))[0]).toBe("Melba ACT");
    expect((await names("Melb"))[0]).toBe("Melbourne VIC");
  });

  it("when searching a postcode prefix, then suburbs with that postcode come back", async () => {
    const res = await request(ctx.server).get("/api/suburbs").query({ q: "2150" });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { name: string }) => s.name)).toContain("Parramatta");
    for (const s of res.body) expect(s.postcode).toBe("2150");
  });

  it("when the text has LIKE wildcards, then they are matched literally", async () => {
    const res = await request(ctx.server).get("/api/suburbs").query({ q: "%" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("when q is missing, then 400 with a message", async () => {
    const res = await request(ctx.server).get("/api/suburbs");
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe("resolveSuburb", () => {
  it("splits an address into postcode, state and candidate names", () => {
    const parts = locationParts("12 Smith St, North Parramatta NSW 2151");
    expect(parts.postcode).toBe("2151");
    expect(parts.state).toBe("NSW");
    expect(parts.names).toContain("north parramatta");
  });

  it.each([
    ["Parramatta NSW 2150", "Parramatta", "2150"],
    ["12 Smith St, North Parramatta NSW 2151", "North Parramatta", "2151"],
    ["st kilda vic", "St Kilda", "3182"],
    ["3000", "Melbourne", "3000"],
  ])("when given %s, then it finds %s %s", async (text, name, postcode) => {
    const suburb = await resolveSuburb(ctx.db, text);
    expect(suburb).toMatchObject({ name, postcode });
  });

  it.each([
    ["7 Park Avenue 2150", "Parramatta", "NSW", "2150"],
    ["Quokka Crescent 2150", "Parramatta", "NSW", "2150"],
    ["42 Wallaby Way, Parramatta NSW 2151", "North Parramatta", "NSW", "2151"],
    ["1234 Pacific Highway, Gordon NSW", "Gordon", "NSW", "2072"],
  ])("when %j names a street that is also a place, or a postcode that disagrees, then the postcode decides: %s %s %s", async (text, name, state, postcode) => {
    expect(await resolveSuburb(ctx.db, text)).toMatchObject({ name, state, postcode });
  });

  it("when the postcode matches no suburb the text could mean, then it returns null", async () => {
    expect(await resolveSuburb(ctx.db, "Parramatta 0999")).toBeNull();
    expect(await resolveSuburb(ctx.db, "Quokka Crescent, Parramatta NSW 3000")).toBeNull();
  });

  it("when nothing matches, then it returns null", async () => {
    expect(await resolveSuburb(ctx.db, "Atlantis")).toBeNull();
  });

  it("when a location is resolved again, then the suburb comes from memory, and a miss is asked again", async () => {
    const first = await resolveSuburb(ctx.db, "Eveleigh NSW 2015");
    expect(first).toMatchObject({ name: "Eveleigh", postcode: "2015" });
    expect(await resolveSuburb(ctx.db, "Eveleigh NSW 2015")).toBe(first);
    // Not found is not remembered: a suburb added later (only ever by the import) is found.
    expect(await resolveSuburb(ctx.db, "Quokka Flat NSW 2999")).toBeNull();
    await ctx.db.insert(suburbs).values({ name: "Quokka Flat", postcode: "2999", state: "NSW", latitude: "-33.9", longitude: "151.2" });
    expect(await resolveSuburb(ctx.db, "Quokka Flat NSW 2999")).toMatchObject({ name: "Quokka Flat", postcode: "2999" });
  });
});
