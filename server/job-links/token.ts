// A job link's token (docs/decisions/044-job-page.md): 192 random bits, url-safe, kept only as
// its SHA-256. The hash is looked up through a unique index, so an unknown token costs the
// same index probe as a real one and the token itself is never compared as text.
import { createHash, randomBytes } from "node:crypto";
import { JOB_TOKEN_PATTERN } from "../../shared/jobs";

export const newJobToken = () => randomBytes(24).toString("base64url");

export const jobTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token of the right shape; anything else is answered 404 after the same hashing work. */
export const isJobTokenShaped = (token: string) => JOB_TOKEN_PATTERN.test(token);
