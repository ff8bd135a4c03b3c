// The authorization matrix's rows of alerts/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { createECDH, randomBytes } from "node:crypto";
import { DEFAULT_ALERT_PREFERENCES } from "../../../../shared/alerts";
import { pushDevices } from "../../../../shared/schema";
import { everyone, cookie, alertTakers, type MatrixPart, type MatrixFixtures } from "../../../test/authorization-routes";

/** A browser's push subscription with a real P-256 key, at an endpoint nobody serves. */
function freshSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

async function providersDevice(fx: MatrixFixtures) {
  const s = freshSubscription();
  const [row] = await fx.db
    .insert(pushDevices)
    .values({ userId: fx.users.provider.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, label: "Matrix phone" })
    .returning({ id: pushDevices.id });
  return row!.id;
}

export const alertMatrix: MatrixPart = {
  rows: [
    // New-lead alerts (docs/decisions/029): providers and team members, not customers or the super admin.
    { method: "get", path: "/api/alerts/settings", expect: alertTakers(200) },
    { method: "put", path: "/api/alerts/preferences", body: DEFAULT_ALERT_PREFERENCES, expect: alertTakers(200) },
    { method: "post", path: "/api/alerts/devices", body: () => ({ subscription: freshSubscription(), label: "Matrix phone" }), expect: alertTakers(201) },
    {
      method: "delete",
      path: async (fx: MatrixFixtures) => `/api/alerts/devices/${await providersDevice(fx)}`,
      expect: cookie({ customer: 403, provider: 204, teamMember: 404, otherProvider: 404, superAdmin: 403 }),
    },
    // The signed token is the only gate: a bad one is 400 for everyone.
    { method: "post", path: "/api/alerts/unsubscribe?token=1.bad", body: {}, expect: everyone(400) },
  ],
  outsideThePolicy: ["POST /api/alerts/unsubscribe"],
};
