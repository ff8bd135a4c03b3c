// What the card shows of a job's test record (docs/decisions/103-test-records.md): the record that
// stands with each value against its limit, every earlier version, superseded, never deleted, and the
// meter photos of the purchase's record (docs/decisions/106-meter-photos.md), served to the same people.
import type { CurrentUser } from "../../../shared/auth";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";

import { formatStateStamp } from "../../../shared/state-time-text";
import { checkTestResults, EMPTY_RESULTS, meterPhotoPaths, type MeterPhoto, type TestRecordVersion, type TestRecordView } from "../../../shared/test-records";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import * as repo from "./repo";

function versionOf(row: repo.TestRecordRow, state: string | null, names: Map<number, string>): TestRecordVersion {
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    version: row.version,
    status: row.supersededAt ? "superseded" : row.status,
    results: row.results,
    savedAt: row.updatedAt.toISOString(),
    savedBy: name(row.savedBy),
    testedAt: row.testedAt?.toISOString() ?? null,
    testedText: row.testedAt ? formatStateStamp(row.testedAt, state) : null,
    testedBy: name(row.testedBy),
    correctionReason: row.correctionReason,
    supersededAt: row.supersededAt?.toISOString() ?? null,
  };
}

function photoOf(purchaseId: number, row: repo.MeterPhotoRow, names: Map<number, string>): MeterPhoto {
  return {
    id: row.photoId,
    caption: row.caption,
    url: meterPhotoPaths.photo(purchaseId, row.photoId, "full"),
    thumbUrl: meterPhotoPaths.photo(purchaseId, row.photoId, "thumbnail"),
    addedAt: row.addedAt.toISOString(),
    addedBy: row.addedBy === null ? null : (names.get(row.addedBy) ?? null),
  };
}

export async function testRecordOf(db: Db, user: CurrentUser, purchaseId: number): Promise<TestRecordView> {
  const purchase = await repo.purchaseOf(db, purchaseId, purchaseOwnerFilter(user), { live: false });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const state = await repo.stateOf(db, purchase.leadId);
  const rows = await repo.versionsOf(db, purchase.id);
  const photos = await repo.photosOf(db, purchase.id);
  const people = [...rows.flatMap((r) => [r.savedBy, r.testedBy]), ...photos.map((p) => p.addedBy)];
  const names = await repo.namesOf(db, [...new Set(people.filter((id): id is number => id !== null))]);
  const current = rows.find((r) => r.supersededAt === null);
  return {
    state,
    current: current ? versionOf(current, state, names) : null,
    checks: checkTestResults(current?.results ?? EMPTY_RESULTS),
    history: rows.filter((r) => r !== current).map((r) => versionOf(r, state, names)),
    photos: photos.map((p) => photoOf(purchase.id, p, names)),
  };
}
