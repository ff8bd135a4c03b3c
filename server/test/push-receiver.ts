// A push service on localhost for tests (docs/decisions/029): it speaks the Web Push protocol's
// receiving side. Subscriptions are made here with a real P-256 key pair and auth secret,
// as a browser makes them; what arrives is decrypted as a browser does (aes128gcm, RFC 8188
// and RFC 8291, written here from the RFCs with node:crypto, independent of the web-push code
// that encrypted it) and its VAPID JWT (RFC 8292) is checked: ES256 signature by the key in
// `k=`, aud = this origin, sub, exp. Only the internet's push service is faked.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
  vapid: { publicKey: string; header: Record<string, unknown>; claims: { aud: string; sub: string; exp: number }; signatureValid: boolean };
  /** The status this receiver answered. */
  status: number;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;

export async function startPushReceiver() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  /** What to answer a push to a path (default 201); tests make a device 410 or 500. */
  let answer: (path: string, attempt: number) => number = () => 201;
  const attempts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const attempt = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, attempt);
      const status = answer(path, attempt);
      const device = devices.get(path);
      let payload: unknown = null;
      if (device && req.headers["content-encoding"] === "aes128gcm") {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString("utf8"));
      }
      received.push({ path, headers: req.headers, payload, vapid: checkVapid(req.headers.authorization ?? ""), status });
      res.writeHead(status).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A new browser subscription (PushSubscription.toJSON()) whose endpoint is this receiver. */
    subscribe(name = randomBytes(6).toString("hex")) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${name}`;
      devices.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") } };
    },
    answerWith(fn: (path: string, attempt: number) => number) {
      answer = fn;
    },
    /** Resolves once `count` pushes (any status) have arrived; rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`push receiver: ${received.length} of ${count} pushes after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `vapid t=<jwt>, k=<public key>`: the JWT's parts and whether its ES256 signature is the key's. */
function checkVapid(authorization: string): ReceivedPush["vapid"] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization);
  if (!match) return { publicKey: "", header: {}, claims: { aud: "", sub: "", exp: 0 }, signatureValid: false };
  const [headerB64, claimsB64, signatureB64] = match[1]!.split(".") as [string, string, string];
  const point = Buffer.from(match[2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signatureValid = verify("sha256", Buffer.from(`${headerB64}.${claimsB64}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signatureB64, "base64url"));
  return {
    publicKey: match[2]!,
    header: JSON.parse(Buffer.from(headerB64, "base64url").toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claimsB64, "base64url").toString()) as ReceivedPush["vapid"]["claims"],
    signatureValid,
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac("sha256", key);
  for (const d of data) h.update(d);
  return h.digest();
};

/** RFC 8291 section 3.4 key derivation and RFC 8188 decryption of a single-record body. */
function decryptAes128gcm(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const receiverPublic = device.ecdh.getPublicKey();
  const ikm = hmac(hmac(device.auth, device.ecdh.computeSecret(senderPublic)), Buffer.from("WebPush: info\0"), receiverPublic, senderPublic, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("aes128gcm: not a last record");
  return padded.subarray(0, end);
}
