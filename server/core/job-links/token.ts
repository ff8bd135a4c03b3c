// A job link's token (docs/decisions/044-job-page.md): 192 random bits, url-safe, kept only as
// its SHA-256. The hash is looked up through a unique index, so an unknown token costs the
// same index probe as a real one and the token itself is never compared as text.
import { randomBytes } from "node:crypto";
import { JOB_TOKEN_PATTERN } from "../../../shared/jobs";
import { sha256 } from "../../platform/http/token-hash";

export const newJobToken = () => randomBytes(24).toString("base64url");

export const jobTokenHash = sha256;

/** A token of the right shape; anything else is answered 404 after the same hashing work. */
export const isJobTokenShaped = (token: string) => JOB_TOKEN_PATTERN.test(token);
