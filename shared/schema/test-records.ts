// The test record on a purchased job (docs/decisions/103-test-records.md): what the electrician
// measured before the work was used (AS/NZS 3000 8.3.3). Kept 5 years and never deleted: a draft is
// saved over in place, a tested record is corrected by a new row that supersedes it (as a voided
// invoice is replaced), and the old row stays readable. Its meter photos (docs/decisions/106-meter-photos.md)
// are kept as long.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, type AnyPgColumn, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TestResults } from "../test-records";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";
import { photos } from "./photos";

export const testRecords = pgTable(
  "test_records",
  {
    id: serial("id").primaryKey(),
    // Restrict: a purchase with a test record cannot be deleted out from under the 5 years it is kept.
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "restrict" }),
    /** Counts every save of the purchase's record; a write carries the one it was based on. */
    version: integer("version").notNull(),
    status: text("status").$type<"draft" | "tested">().notNull().default("draft"),
    results: jsonb("results").$type<TestResults>().notNull(),
    savedBy: integer("saved_by").references(() => users.id, { onDelete: "set null" }),
    /** The "test" event: when the tests were done, typed on the lead's state's clock. */
    testedAt: timestamp("tested_at", { withTimezone: true }),
    testedBy: integer("tested_by").references(() => users.id, { onDelete: "set null" }),
    /** The tested row this one corrects, and why. */
    replacesId: integer("replaces_id").references((): AnyPgColumn => testRecords.id, { onDelete: "restrict" }),
    correctionReason: text("correction_reason"),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One record stands per purchase; every superseded one stays beside it.
    uniqueIndex("test_records_current_idx")
      .on(t.purchaseId)
      .where(sql`${t.supersededAt} is null`),
    uniqueIndex("test_records_version_idx").on(t.purchaseId, t.version),
    index("test_records_replaces_idx").on(t.replacesId),
  ],
);

/**
 * Photos of the meter's readings on the purchase's test record (docs/decisions/106-meter-photos.md):
 * an upload claimed here is no longer an unused upload (the 24-hour sweep skips it) and has no
 * lead (the 12-month sweep of a lead's photos never sees it). Restrict on both keys: neither the
 * purchase nor the photo's row can be deleted out from under the record.
 */
export const testRecordPhotos = pgTable(
  "test_record_photos",
  {
    photoId: text("photo_id")
      .primaryKey()
      .references(() => photos.id, { onDelete: "restrict" }),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "restrict" }),
    /** "Kitchen power insulation": at most 80 characters, or none. */
    caption: text("caption"),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("test_record_photos_purchase_idx").on(t.purchaseId, t.addedAt)],
);
