// A page whose form the server answers itself, before the app is ready (docs/decisions/036):
// the form is sent as it is, urlencoded, to the page's own address. Its POST must come from one
// of our pages (the API's Origin check, without its JSON rule, which no form can meet), and its
// body is small.
import express, { type RequestHandler, type Router } from "express";
import type { Config } from "../config";
import { refuseCrossSite } from "./csrf";
import { refuseNulCharacters } from "./input-limits";

/**
 * The site's referrer policy is no-referrer, under which a browser sends a form's POST with
 * `Origin: null`, which the Origin check refuses. A page with such a form names its origin to
 * its own site only, never to another.
 */
const sameOriginReferrer: RequestHandler = (_req, res, next) => {
  res.set("Referrer-Policy", "same-origin");
  next();
};

/**
 * Sends `path`'s page with that policy; returns what its POST runs first: the Origin check, the
 * body (`limit`: 4 kB unless the form takes long text), the NUL check.
 */
export function answeredPageForm(router: Router, path: string, config: Pick<Config, "PUBLIC_URL">, limit = "4kb"): RequestHandler[] {
  router.get(path, sameOriginReferrer);
  return [refuseCrossSite(config), express.urlencoded({ extended: false, limit, parameterLimit: 10 }), refuseNulCharacters];
}
