// Fit and figures (docs/decisions/032): sign-in accepts the account's e-mail address as well as its username, in any
// case, with the same answers and the same failed-attempt limit as a username.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import { createUser, TEST_PASSWORD } from "../../setup/factories";
import { useTestApp } from "../../test/app";

const ctx = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_USERNAME: "3", RATE_LIMIT_LOGIN_PER_IP: "50" } });
const login = (username: string, password = TEST_PASSWORD) => request(ctx.server).post("/api/auth/login").send({ username, password });

describe("signing in with an e-mail address", () => {
  it("when the e-mail is typed in any case and with spaces around it, then the account signs in and /me knows it", async () => {
    const stamp = Date.now().toString(36);
    const user = await createUser(ctx.db, { username: `sparky_${stamp}`, email: `Mia.Watts.${stamp}@Volts.example` });
    for (const typed of [`Mia.Watts.${stamp}@Volts.example`, `mia.watts.${stamp}@volts.example`, `  MIA.WATTS.${stamp}@VOLTS.EXAMPLE `]) {
      const agent = request.agent(ctx.server);
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

  it("when someone registers another user's e-mail address as their username, then the address still signs in its owner", async () => {
    const stamp = Date.now().toString(36);
    const victim = await createUser(ctx.db, { email: `shared.${stamp}@example.com` });
    const squatter = await createUser(ctx.db, { username: `Shared.${stamp}@example.com`, email: `other.${stamp}@example.com`, password: "squatter-pass" });
    const res = await login(`shared.${stamp}@example.com`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(victim.id);
    // The address belongs to the victim: the squatter's password does not open it, whichever account.
    const squatting = await login(`shared.${stamp}@example.com`, "squatter-pass");
    expect(squatting.status).toBe(401);
    expect(squatting.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
    // The squatter still signs in with their own address.
    expect((await login(squatter.email!, "squatter-pass")).body.id).toBe(squatter.id);
  });

  it("when a username with @ is nobody's e-mail address, then it signs in its own account", async () => {
    const stamp = Date.now().toString(36);
    const user = await createUser(ctx.db, { username: `crew@site.${stamp}`, email: `crew.${stamp}@example.com` });
    const res = await login(`CREW@site.${stamp}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it("when an e-mail fails too often, then it is rate limited like a username, whatever its case", async () => {
    const user = await createUser(ctx.db);
    const email = user.email!;
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? email.toUpperCase() : email, "wrong")).status).toBe(401);
    const limited = await login(email, TEST_PASSWORD);
    expect(limited.status).toBe(429);
  });
});
