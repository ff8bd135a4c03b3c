// The authorization matrix's rows of photos/'s routes (docs/decisions/010, 050-photos.md): each
// route × each kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts walks them.
import { createLead } from "../../../setup/factories";
import { cookie, everyone, providersPurchase, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";
import { createPhoto, fixture } from "../../../test/photos";

/** A photo of a fresh lead on the market. */
async function marketPhoto(fx: MatrixFixtures) {
  return createPhoto(fx.db, { leadId: (await createLead(fx.db)).id });
}

/** A photo of a fresh lead `provider` bought (their team shares it). */
async function boughtPhoto(fx: MatrixFixtures) {
  return createPhoto(fx.db, { leadId: (await providersPurchase(fx)).leadId });
}

export const photoMatrix: MatrixPart = {
  rows: [
    // A quote's photo goes up before the quote, with no sign-in; its preview opens by its id alone, while unused.
    { method: "post", path: "/api/uploads", file: { name: "switchboard.jpg", bytes: fixture("switchboard.jpg") }, expect: everyone(201) },
    { method: "get", path: async (fx) => `/api/uploads/${await createPhoto(fx.db)}/thumbnail`, expect: everyone(200) },
    // Before purchase: the blurred thumbnail to whoever sees the market; the full photo to the super admin only.
    {
      method: "get",
      path: async (fx) => `/api/photos/${await marketPhoto(fx)}/blurred`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 404, otherProvider: 200, superAdmin: 200 }),
    },
    {
      method: "get",
      path: async (fx) => `/api/photos/${await marketPhoto(fx)}/full`,
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 404, superAdmin: 200 }),
    },
    // After purchase: the buyer, their team and the super admin; another provider gets 404.
    {
      method: "get",
      path: async (fx) => `/api/photos/${await boughtPhoto(fx)}/full`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
  ],
  outsideThePolicy: ["POST /api/uploads", "GET /api/uploads/:id/thumbnail"],
};
