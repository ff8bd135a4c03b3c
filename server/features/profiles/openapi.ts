// The OpenAPI operations of profiles/'s routes (docs/decisions/026-openapi-document.md, 060-public-profiles.md).
import { electricianProfileSchema, profileQuery, profileSlugParam, suburbListingParams, suburbListingSchema } from "../../../shared/profiles";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const profileOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/electricians/in/{state}/{place}",
    tag: "profiles",
    summary: "The public electricians who cover a suburb (place: name-postcode), ranked by the published rule",
    access: "public",
    params: suburbListingParams,
    success: json("The suburb and its ranked electricians", suburbListingSchema),
  },
  {
    method: "get",
    path: "/electricians/{slug}",
    tag: "profiles",
    summary: "An electrician's public profile with a page of reviews; an old slug answers 301 to the new",
    access: "public",
    params: profileSlugParam,
    query: profileQuery,
    success: json("The profile", electricianProfileSchema),
    errors: [301],
  },
];
