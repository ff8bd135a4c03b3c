// Issue 15: sign-in accepts the account's e-mail address as well as its username, in any
// case, with the same answers and the same failed-attempt limit as a username.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../shared/auth-messages";
import { createUser, TEST_PASSWORD } from "../db/factories";
import { useTestApp } from "../test/app";

const ctx = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_USERNAME: "3", RATE_LIMIT_LOGIN_PER_IP: "50" } });
const login = (username: string, password = TEST_PASSWORD) => request(ctx.app).post("/api/auth/login").send({ username, password });

describe("signing in with an e-mail address", () => {
  it("when the e-mail is typed in any case and with spaces around it, then the account signs in and /me knows it", async () => {
    const stamp = Date.now().toString(36);
    const user = await createUser(ctx.db, { username: `sparky_${stamp}`, email: `Mia.Watts.${stamp}@Volts.example` });
    for (const typed of [`Mia.Watts.${stamp}@Volts.example`, `mia.watts.${stamp}@volts.example`, `  MIA.WATTS.${stamp}@VOLTS.EXAMPLE `]) {
      const agent = request.agent(ctx.app);
      const res = await agent.post("/api/auth/login").send({ username: typed, password: TEST_PASSWORD });
      expect(res.status, typed).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, username: user.username });
      expect(res.body.password).toBeUndefined();
      expect((await agent.get("/api/auth/me")).body.id).toBe(user.id);
    }
    expect((await login(user.username)).status).toBe(200); // the username still works
  });

  it("when the password is wrong or the address unknown, then the same 401 as for a username", async () => {
    const user = await createUser(ctx.db);
    const wrong = await login(user.email!, "not-the-password");
    const unknown = await login(`nobody.${Date.now()}@example.com`);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
    }
  });

  it("when a deactivated provider signs in by e-mail, then 403 as by username", async () => {
    const user = await createUser(ctx.db, { isActive: false });
    const res = await login(user.email!);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(AUTH_MESSAGES.accountInactive);
  });

  it("when a username looks like an e-mail address, then it signs in its own account, not the one with that address", async () => {
    const stamp = Date.now().toString(36);
    const owner = await createUser(ctx.db, { email: `shared.${stamp}@example.com` });
    const namesake = await createUser(ctx.db, { username: `shared.${stamp}@example.com`, email: `other.${stamp}@example.com`, password: "namesake-pass" });
    const res = await login(`shared.${stamp}@example.com`, "namesake-pass");
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(namesake.id);
    expect(res.body.id).not.toBe(owner.id);
  });

  it("when an e-mail fails too often, then it is rate limited like a username, whatever its case", async () => {
    const user = await createUser(ctx.db);
    const email = user.email!;
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? email.toUpperCase() : email, "wrong")).status).toBe(401);
    const limited = await login(email, TEST_PASSWORD);
    expect(limited.status).toBe(429);
  });
});
