// Each rule of docs/product.md section 5 for the auth routes: 400, the rule's message, the field named.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app";
import { createUser } from "../../setup/factories";
import { signIn } from "../../test/sign-in";
import { testLicence } from "../../test/licence";

const ctx = useTestApp();
let provider: request.Agent;
beforeAll(async () => {
  provider = await signIn(ctx.server, (await createUser(ctx.db)).username);
});

const customer = { username: "val_user", password: "secret123", firstName: "Val", lastName: "Idate", phone: "0412345678", email: "val@example.com" };
const provider_ = { ...customer, companyName: "Val Electrical", ...testLicence() };
const reset = { token: "abc", password: "secret123", confirmPassword: "secret123" };
const area = { serviceLocation: "Parramatta NSW 2150", serviceLatitude: -33.8, serviceLongitude: 151.0, serviceRadius: 20 };

interface Rule {
  name: string;
  method: "post" | "patch";
  path: string;
  body: Record<string, unknown>;
  field: string;
  message: string;
  agent?: () => request.Agent;
}

const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const RULES: Rule[] = [
  { name: "login without username", method: "post", path: "/api/auth/login", body: { password: "x" }, field: "username", message: "Username is required" },
  {
    name: "login with blank username",
    method: "post",
    path: "/api/auth/login",
    body: { username: " ", password: "x" },
    field: "username",
    message: "Username is required",
  },
  {
    name: "login with empty password",
    method: "post",
    path: "/api/auth/login",
    body: { username: "a", password: "" },
    field: "password",
    message: "Password is required",
  },
  ...(["/api/auth/customer/signup", "/api/auth/provider/signup"] as const).flatMap((path): Rule[] => {
    const base = path.includes("provider") ? provider_ : customer;
    return [
      {
        name: `${path} invalid email`,
        method: "post",
        path,
        body: { ...base, email: "not-an-email" },
        field: "email",
        message: "Please enter a valid email address",
      },
      { name: `${path} empty username`, method: "post", path, body: { ...base, username: "" }, field: "username", message: "Username is required" },
      {
        name: `${path} 5-character password`,
        method: "post",
        path,
        body: { ...base, password: "12345" },
        field: "password",
        message: "Password must be at least 6 characters",
      },
      { name: `${path} empty first name`, method: "post", path, body: { ...base, firstName: "" }, field: "firstName", message: "First name is required" },
      { name: `${path} missing last name`, method: "post", path, body: without(base, "lastName"), field: "lastName", message: "Last name is required" },
      {
        name: `${path} 9-character phone`,
        method: "post",
        path,
        body: { ...base, phone: "041234567" },
        field: "phone",
        message: "Phone number must be at least 10 digits",
      },
    ];
  }),
  {
    name: "provider signup without company",
    method: "post",
    path: "/api/auth/provider/signup",
    body: without(provider_, "companyName"),
    field: "companyName",
    message: "Company name is required",
  },
  {
    name: "forgot password with a bad email",
    method: "post",
    path: "/api/auth/forgot-password",
    body: { email: "nope" },
    field: "email",
    message: "Please enter a valid email address",
  },
  {
    name: "reset without token",
    method: "post",
    path: "/api/auth/reset-password",
    body: without(reset, "token"),
    field: "token",
    message: "Reset token is required",
  },
  {
    name: "reset with short password",
    method: "post",
    path: "/api/auth/reset-password",
    body: { ...reset, password: "12345", confirmPassword: "12345" },
    field: "password",
    message: "Password must be at least 6 characters",
  },
  {
    name: "reset with short confirmation",
    method: "post",
    path: "/api/auth/reset-password",
    body: { ...reset, confirmPassword: "123" },
    field: "confirmPassword",
    message: "Please confirm your password",
  },
  {
    name: "reset with a different confirmation",
    method: "post",
    path: "/api/auth/reset-password",
    body: { ...reset, confirmPassword: "secret124" },
    field: "confirmPassword",
    message: "Passwords don't match",
  },
  {
    name: "service area without location",
    method: "patch",
    path: "/api/auth/update-service-area",
    body: { ...area, serviceLocation: "" },
    field: "serviceLocation",
    message: "Please select a valid service location.",
    agent: () => provider,
  },
  {
    name: "service area without coordinates",
    method: "patch",
    path: "/api/auth/update-service-area",
    body: without(area, "serviceLatitude"),
    field: "serviceLatitude",
    message: "Please select a valid service location.",
    agent: () => provider,
  },
  {
    name: "service area with a radius off the list",
    method: "patch",
    path: "/api/auth/update-service-area",
    body: { ...area, serviceRadius: 7 },
    field: "serviceRadius",
    message: "Please choose a service radius from the list",
    agent: () => provider,
  },
  {
    name: "team member without email",
    method: "post",
    path: "/api/team",
    body: { firstName: "A", lastName: "B", username: "ab", password: "secret123" },
    field: "email",
    message: "Please enter a valid email address",
    agent: () => provider,
  },
  {
    name: "admin login without password",
    method: "post",
    path: "/api/admin/login",
    body: { username: "ops" },
    field: "password",
    message: "Password is required",
  },
];

describe("validation of the auth routes (docs/product.md section 5)", () => {
  it.each(RULES)("when $name, then 400 with the rule's message on its field", async (rule) => {
    const client = rule.agent ? rule.agent() : request(ctx.server);
    const res = await client[rule.method](rule.path).send(rule.body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[rule.field]).toBe(rule.message);
  });

  it("when a provider signs up with an empty optional email, then the account is created without one", async () => {
    const res = await request(ctx.server)
      .post("/api/auth/provider/signup")
      .send({ ...provider_, username: "no_email", email: "" });
    expect(res.status).toBe(201);
    expect(res.body.email).toBeNull();
  });

  it("when the service area is valid, then it is saved and /me shows it", async () => {
    const res = await provider.patch("/api/auth/update-service-area").send({ ...area, serviceRadius: 50 });
    expect(res.status).toBe(200);
    const me = await provider.get("/api/auth/me");
    expect(me.body).toMatchObject({
      serviceLocation: "Parramatta NSW 2150",
      serviceLatitude: "-33.80000000",
      serviceLongitude: "151.00000000",
      serviceRadius: 50,
    });
  });
});
