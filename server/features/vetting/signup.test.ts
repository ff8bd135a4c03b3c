// Vetted electricians at sign-up (docs/decisions/033): licence number (shape per state), state, expiry (in the future, Sydney
// date) and ABN (ATO checksum) are required; a direct sign-up waits for the operator.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { users } from "../../../shared/schema";
import { isValidAbn, licenceNumberProblem } from "../../../shared/vetting";
import { useTestApp } from "../../test/app";
import { fakeClock } from "../../test/fakes";
import { testLicence } from "../../test/licence";

// 14:30 UTC on 30 June is 00:30 on 1 July in Sydney: the Sydney date decides "in the future".
const clock = fakeClock(new Date("2026-06-30T14:30:00Z"));
const ctx = useTestApp({ now: clock.now, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1000" } });

let n = 0;
const signup = (overrides: Record<string, unknown> = {}) => {
  const u = `vet${++n}_${Date.now().toString(36)}`;
  return request(ctx.server)
    .post("/api/auth/provider/signup")
    .send({
      firstName: "Lena",
      lastName: "Watts",
      email: `${u}@example.com`,
      phone: "0412 345 678",
      companyName: "Watts Up Electrical",
      username: u,
      password: "secret123",
      ...testLicence(clock.now()),
      ...overrides,
    });
};
const stored = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("ABN", () => {
  it("when the checksum holds, then it is valid; one digit off, then not", () => {
    expect(isValidAbn("51824753556")).toBe(true);
    expect(isValidAbn("53004085616")).toBe(true);
    expect(isValidAbn("51824753557")).toBe(false);
    expect(isValidAbn("15824753556")).toBe(false);
    expect(isValidAbn("5182475355")).toBe(false);
  });

  it("when a good ABN is typed with spaces, then the account is created and the ABN stored as 11 digits", async () => {
    const res = await signup({ abn: " 51 824 753 556 " });
    expect(res.status).toBe(201);
    expect((await stored(res.body.id)).abn).toBe("51824753556");
  });

  it.each([
    ["51 824 753 557", "This is not a valid ABN: please check the digits"],
    ["5182475355", "An ABN is 11 digits"],
    ["51-824-753-556", "An ABN is 11 digits"],
    ["", "Enter your ABN"],
  ])("when the ABN is %j, then 400 on abn: %s", async (abn, message) => {
    const res = await signup({ abn });
    expect(res.status).toBe(400);
    expect(res.body.errors?.abn).toBe(message);
  });
});

describe("licence number, state by state", () => {
  it.each([
    ["NSW", "123456C", "123456C"],
    ["NSW", "24587 1c", "245871C"],
    ["VIC", "REC-12345", "REC-12345"],
    ["VIC", "12345", "12345"],
    ["VIC", "rec 12345", "REC12345"],
    ["QLD", "12345", "12345"],
    ["WA", "EC12345", "EC12345"],
    ["SA", "PGE-123456", "PGE-123456"],
    ["TAS", "1234", "1234"],
    ["ACT", "2017-1234", "2017-1234"],
    ["NT", "C1234", "C1234"],
  ])("when %s licence %j is given, then it is accepted and stored as %j", async (licenceState, licenceNumber, storedAs) => {
    const res = await signup({ licenceState, licenceNumber });
    expect(res.status).toBe(201);
    const row = await stored(res.body.id);
    expect({ state: row.licenceState, number: row.licenseNumber }).toEqual({ state: licenceState, number: storedAs });
  });

  it.each([
    ["NSW", "123456", "An NSW contractor licence is digits ending in C, e.g. 123456C"],
    ["NSW", "123456S", "An NSW contractor licence is digits ending in C, e.g. 123456C"],
    ["VIC", "REC-12", "A Victorian REC number is 4 to 6 digits, e.g. REC-12345 or 12345"],
    ["QLD", "Q12345", "A Queensland electrical contractor licence is 4 to 6 digits, e.g. 12345"],
    ["WA", "EC1", "Licence numbers are 4 to 12 letters, digits and hyphens"],
    ["SA", "NOT AN ELECTRICIAN", "Licence numbers are 4 to 12 letters, digits and hyphens"],
    ["TAS", "12#45", "Licence numbers are 4 to 12 letters, digits and hyphens"],
  ])("when %s licence %j is given, then 400 on licenceNumber", async (licenceState, licenceNumber, message) => {
    const res = await signup({ licenceState, licenceNumber });
    expect(res.status).toBe(400);
    expect(res.body.errors?.licenceNumber).toBe(message);
  });

  it("when the state is missing or not an Australian one, then 400 on licenceState", async () => {
    for (const licenceState of [undefined, "NZ", "nsw"]) {
      const res = await signup({ licenceState });
      expect(res.status).toBe(400);
      expect(res.body.errors?.licenceState).toBe("Choose the state or territory that issued your licence");
    }
  });

  it("when the number is missing, then 400 on licenceNumber", async () => {
    const res = await signup({ licenceNumber: "  " });
    expect(res.status).toBe(400);
    expect(res.body.errors?.licenceNumber).toBe("Enter your electrical contractor licence number");
    expect(licenceNumberProblem("NSW", "123456C")).toBeNull();
  });
});

describe("licence expiry", () => {
  it("when the expiry is today in Sydney (still tomorrow in UTC), then 400: it is not in the future", async () => {
    const res = await signup({ licenceExpiry: "2026-07-01" });
    expect(res.status).toBe(400);
    expect(res.body.errors?.licenceExpiry).toBe("This licence has expired: enter the expiry date of a current licence");
  });

  it("when the expiry is in the past, then 400 on licenceExpiry", async () => {
    const res = await signup({ licenceExpiry: "2025-12-31" });
    expect(res.status).toBe(400);
    expect(res.body.errors?.licenceExpiry).toMatch(/has expired/);
  });

  it("when the expiry is tomorrow in Sydney, then the account is created", async () => {
    const res = await signup({ licenceExpiry: "2026-07-02" });
    expect(res.status).toBe(201);
    expect((await stored(res.body.id)).licenceExpiry).toBe("2026-07-02");
  });

  it.each([
    ["30/06/2027", "Enter the expiry date as YYYY-MM-DD"],
    ["2027-02-30", "Enter the expiry date as YYYY-MM-DD"],
    ["2099-01-01", "An expiry more than 10 years away is not a real licence's: please check the year"],
    ["", "Enter your licence's expiry date"],
  ])("when the expiry is %j, then 400: %s", async (licenceExpiry, message) => {
    const res = await signup({ licenceExpiry });
    expect(res.status).toBe(400);
    expect(res.body.errors?.licenceExpiry).toBe(message);
  });
});

describe("status after sign-up", () => {
  it("when a provider signs up directly, then the account is pending, signed in, and told it cannot buy yet", async () => {
    const agent = request.agent(ctx.server);
    const u = `direct_${Date.now().toString(36)}`;
    const res = await agent.post("/api/auth/provider/signup").send({
      firstName: "Lena",
      lastName: "Watts",
      email: `${u}@example.com`,
      phone: "0412345678",
      companyName: "Watts Up Electrical",
      username: u,
      password: "secret123",
      ...testLicence(clock.now()),
    });
    expect(res.status).toBe(201);
    const row = await stored(res.body.id);
    expect({ status: row.verificationStatus, verified: row.isVerified }).toEqual({ status: "pending", verified: false });
    const standing = await agent.get("/api/auth/verification");
    expect(standing.status).toBe(200);
    expect(standing.body).toMatchObject({ status: "pending", licenceNumber: "123456C", licenceState: "NSW" });
    expect(standing.body.cannotBuy).toMatch(/We check your licence within one business day/);
  });
});
