// Public profiles (docs/decisions/060-public-profiles.md) and suburb listings (061): the pages
// (/electricians/...) as server-rendered HTML for crawlers and people, and the same as JSON under
// /api/electricians. No sign-in. An old slug answers 301 to the new one; a provider who is not
// public (not approved, deactivated, opted out) is 404, as is an unknown slug or place.
import { Router, type Request, type Response } from "express";
import { profileQuery, profileSlugParam as slugParam, PROFILE_MESSAGES, suburbListingParams as placeParams } from "../../../shared/profiles";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { siteOrigin } from "../../platform/http/site-origin";
import { parse } from "../../platform/http/validate";
import { noticeHtml } from "../../platform/http/site-page";
import { listingHtml, notFoundHtml, profileHtml } from "./html";
import { readListing, readProfile } from "./service";

export interface ProfileRoutesDeps {
  db: Db;
  now: () => Date;
  config: Pick<Config, "PUBLIC_URL">;
}

/** Profiles change when a review lands: caches may keep a page a minute, then must ask again. */
const PAGE_CACHE = "public, max-age=60";

const queryString = (req: Request) => (req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "");

function htmlError(res: Response, status: number, message: string) {
  res
    .status(status)
    .type("html")
    .send(status === 404 ? notFoundHtml(message) : noticeHtml(message, "Check the address and try again."));
}

/** GET /api/electricians/:slug and GET /api/electricians/in/:state/:place (mounted at /api/electricians). */
export function profileApiRoutes({ db, now }: ProfileRoutesDeps) {
  const router = Router();
  router.get("/in/:state/:place", async (req, res) => {
    const params = placeParams.safeParse(req.params);
    const listing = params.success ? await readListing(db, params.data.state, params.data.place, now()) : null;
    if (!listing) throw notFound(PROFILE_MESSAGES.placeNotFound);
    res.set("Cache-Control", PAGE_CACHE).json(listing);
  });
  router.get("/:slug", async (req, res) => {
    const params = slugParam.safeParse(req.params);
    if (!params.success) throw notFound(PROFILE_MESSAGES.notFound);
    const answer = await readProfile(db, params.data.slug, parse(profileQuery, req.query), now());
    if (answer.kind === "none") throw notFound(PROFILE_MESSAGES.notFound);
    if (answer.kind === "moved") return res.redirect(301, `/api/electricians/${answer.slug}${queryString(req)}`);
    res.set("Cache-Control", PAGE_CACHE).json(answer.profile);
  });
  return router;
}

/** The pages themselves, before the SPA's catch-all (server/app.ts). */
export function profilePageRoutes({ db, now, config }: ProfileRoutesDeps) {
  const router = Router();
  router.get("/electricians/in/:state/:place", async (req, res) => {
    const params = placeParams.safeParse(req.params);
    const listing = params.success ? await readListing(db, params.data.state, params.data.place, now()) : null;
    if (!listing) return htmlError(res, 404, PROFILE_MESSAGES.placeNotFound);
    res
      .set("Cache-Control", PAGE_CACHE)
      .type("html")
      .send(listingHtml(listing, siteOrigin(req, config)));
  });
  router.get("/electricians/:slug", async (req, res) => {
    const params = slugParam.safeParse(req.params);
    if (!params.success) return htmlError(res, 404, PROFILE_MESSAGES.notFound);
    const query = profileQuery.safeParse(req.query);
    if (!query.success) return htmlError(res, 400, query.error.issues[0]?.message ?? "Bad request");
    const answer = await readProfile(db, params.data.slug, query.data, now());
    if (answer.kind === "none") return htmlError(res, 404, PROFILE_MESSAGES.notFound);
    if (answer.kind === "moved") return res.redirect(301, `/electricians/${answer.slug}${queryString(req)}`);
    res
      .set("Cache-Control", PAGE_CACHE)
      .type("html")
      .send(profileHtml(answer.profile, siteOrigin(req, config), answer.centre));
  });
  return router;
}
