// The authorization matrix's rows of test-records/'s routes (docs/decisions/010, 103-test-records.md):
// each route × each kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts
// walks every feature's rows.
import { testRecordPhotos } from "../../../../shared/schema";
import { cookie, providersPurchase, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";
import { createPhoto } from "../../../test/photos";

const EMPTY = { installation: { mainEarthOhms: null }, circuits: [], rcds: [] };

/** A meter photo on a fresh purchase of `provider`'s (docs/decisions/106-meter-photos.md): the path to it. */
async function meterPhoto(fx: MatrixFixtures) {
  const { purchaseId } = await providersPurchase(fx);
  const photoId = await createPhoto(fx.db, { uploadedAt: new Date() });
  await fx.db.insert(testRecordPhotos).values({ photoId, purchaseId, caption: "Kitchen power insulation", addedBy: null, addedAt: new Date() });
  return `/api/lead-purchases/${purchaseId}/test-record/photos/${photoId}`;
}

/** The upload the cell's POST attaches: made by its path, fresh for each cell. */
let upload = "";

export const testRecordMatrix: MatrixPart = {
  rows: [
    // The buyer's side and the super admin; a stranger's job is "not found".
    {
      method: "get",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // A fresh purchase each cell: version 0 starts its record.
    {
      method: "put",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record`,
      body: { results: EMPTY, version: 0 },
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // Nothing saved yet: nothing to mark tested (409) for those who may.
    {
      method: "post",
      path: async (fx) => `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record/complete`,
      body: { version: 1, date: "2026-01-05", time: "09:00" },
      expect: cookie({ customer: 403, provider: 409, teamMember: 409, otherProvider: 404, superAdmin: 409 }),
    },
    // Meter photos: the same scope. An unused upload of the last 24 hours is attached.
    {
      method: "post",
      path: async (fx) => {
        upload = await createPhoto(fx.db, { uploadedAt: new Date() });
        return `/api/lead-purchases/${(await providersPurchase(fx)).purchaseId}/test-record/photos`;
      },
      body: () => ({ uploadId: upload, caption: "Kitchen power insulation" }),
      expect: cookie({ customer: 403, provider: 201, teamMember: 201, otherProvider: 404, superAdmin: 201 }),
    },
    {
      method: "get",
      path: async (fx) => `${await meterPhoto(fx)}/thumbnail`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    // The record is a draft (nothing saved): removal is allowed.
    {
      method: "delete",
      path: meterPhoto,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
  ],
};
