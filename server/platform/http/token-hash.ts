// Tokens are kept only as their SHA-256 (admin bearer tokens, reset links, invitations): one helper
// with the HTTP plumbing, so every feature that issues a token hashes it the same way.
import { createHash } from "node:crypto";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
