// The authorization matrix's rows of auth/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { testLicence } from "../../../test/licence";
import { everyone, cookie, ownersOnly, operatorOnly, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

const providerBody = (fx: MatrixFixtures) => {
  const u = fx.unique();
  return {
    username: `m_${u}`,
    email: `m_${u}@example.com`,
    password: "secret123",
    firstName: "Matrix",
    lastName: "Row",
    phone: "0412345678",
    companyName: "Matrix Electrical",
    ...testLicence(),
  };
};

export const authMatrix: MatrixPart = {
  rows: [
    // Accounts and sessions (docs/decisions/009).
    { method: "get", path: "/api/auth/me", expect: cookie({ customer: 200, provider: 200, teamMember: 200, otherProvider: 200, superAdmin: 200 }) },
    {
      method: "post",
      path: "/api/auth/login",
      body: (fx: MatrixFixtures) => ({ username: fx.users.otherProvider.username, password: fx.password }),
      expect: everyone(200),
    },
    { method: "post", path: "/api/auth/logout", expect: everyone(200) },
    { method: "post", path: "/api/auth/provider/signup", body: providerBody, expect: everyone(201) },
    { method: "post", path: "/api/auth/customer/signup", body: providerBody, expect: everyone(201) },
    { method: "post", path: "/api/auth/forgot-password", body: (fx: MatrixFixtures) => ({ email: `f_${fx.unique()}@example.com` }), expect: everyone(200) },
    {
      method: "post",
      path: "/api/auth/reset-password",
      body: { token: "not-a-real-token", password: "secret123", confirmPassword: "secret123" },
      expect: everyone(400),
    },
    {
      method: "patch",
      path: "/api/auth/update-service-area",
      body: { serviceLocation: "Parramatta NSW 2150", serviceLatitude: -33.8136, serviceLongitude: 151.0034, serviceRadius: 20 },
      expect: ownersOnly(200),
    },
    { method: "post", path: "/api/admin/login", body: (fx: MatrixFixtures) => fx.admin, expect: everyone(200) },
    { method: "get", path: "/api/admin/session", expect: operatorOnly(200) },
    { method: "post", path: "/api/admin/logout", expect: operatorOnly(200) },
  ],
  outsideThePolicy: [
    "POST /api/auth/login",
    "POST /api/auth/logout",
    "POST /api/auth/provider/signup",
    "POST /api/auth/customer/signup",
    "POST /api/auth/forgot-password",
    "POST /api/auth/reset-password",
    "POST /api/admin/login",
    // Operator admin: the bearer token only.
    "GET /api/admin/session",
    "POST /api/admin/logout",
  ],
};
