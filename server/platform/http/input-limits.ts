// Limits every request meets before any route reads it (docs/product.md section 13;
// docs/decisions/025): JSON nested over 32 levels and the NUL character are refused with a
// 400 here, once, instead of a stack overflow in validation or a PostgreSQL error (text
// and jsonb cannot hold U+0000) turning into a 500 in whichever route meets them first.
import type { Request, RequestHandler } from "express";
import { AppError } from "./errors";

export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const NUL_MESSAGE = "Must not contain the NUL character (\\u0000)";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * express.json's `verify`: counts bracket depth over the raw bytes, skipping strings, so a
 * body deeper than MAX_JSON_DEPTH is refused before it is parsed or walked. UTF-8
 * continuation bytes are never ASCII, so a byte scan cannot mistake text for brackets.
 */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPEN.has(byte)) {
      if (++depth > MAX_JSON_DEPTH) throw new AppError(400, TOO_DEEP_MESSAGE);
    } else if (CLOSE.has(byte)) depth--;
  }
}

const printable = (key: string) => key.replaceAll("\0", "\\u0000");

/** Paths (as `parse` names them: "eventData.x", "items.0") of every string or key holding U+0000. */
function nulPaths(value: unknown, path: string, found: string[]) {
  if (typeof value === "string") {
    if (value.includes("\0")) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, path ? `${path}.${i}` : String(i), found));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${printable(key)}` : printable(key);
      if (key.includes("\0")) found.push(itemPath);
      nulPaths(item, itemPath, found);
    }
  }
  return found;
}

/** The decoded path: a route's parameters are not known yet, so a NUL anywhere in it is refused. */
function pathHasNul(req: Request) {
  try {
    return decodeURIComponent(req.path).includes("\0");
  } catch {
    return false; // a malformed %-escape is the router's 400
  }
}

/**
 * Mounted right after the JSON parser, for every route: body fields (nested ones by their
 * path), query parameters and the URL path. The body walk is safe: refuseDeepJson has
 * bounded its depth.
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const fields = [...nulPaths(req.query, "", []), ...nulPaths(req.body, "", [])];
  if (pathHasNul(req)) fields.unshift("path");
  if (fields.length === 0) return next();
  const errors = Object.fromEntries(fields.map((field) => [field || "body", NUL_MESSAGE]));
  next(new AppError(400, `${fields[0] || "body"}: ${NUL_MESSAGE}`, errors));
};
