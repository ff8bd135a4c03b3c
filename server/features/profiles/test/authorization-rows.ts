// The authorization matrix's rows of profiles/'s routes (docs/decisions/010, 060-public-profiles.md):
// public reads, the same for every caller.
import { everyone, type MatrixPart } from "../../../test/authorization-routes";
import { syncSlugOf } from "../../../core/providers";

export const profileMatrix: MatrixPart = {
  rows: [
    {
      method: "get",
      path: async (fx) => `/api/electricians/${await syncSlugOf(fx.db, fx.users.provider.id, new Date())}`,
      expect: everyone(200),
    },
    { method: "get", path: "/api/electricians/no-such-electrician", expect: everyone(404) },
    { method: "get", path: "/api/electricians/in/nsw/parramatta-2150", expect: everyone(200) },
    // The pages themselves: server-rendered HTML, the same for everyone.
    {
      method: "get",
      path: async (fx) => `/electricians/${await syncSlugOf(fx.db, fx.users.provider.id, new Date())}`,
      expect: everyone(200),
    },
    { method: "get", path: "/electricians/in/nsw/parramatta-2150", expect: everyone(200) },
  ],
  outsideThePolicy: ["GET /api/electricians/:slug", "GET /api/electricians/in/:state/:place", "GET /electricians/:slug", "GET /electricians/in/:state/:place"],
};
