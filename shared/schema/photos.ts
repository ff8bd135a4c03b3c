// A customer's photos of the job (docs/decisions/050-photos.md): re-encoded images, never the
// bytes received. A photo is an upload until a quote (or the job page) attaches it to its lead;
// it goes with the lead (the foreign key cascades), 12 months after the job closes, at once when
// the customer removes it, and after 24 hours when no quote ever used it.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns";
import type { PhotoStoreKind, PhotoVariant } from "../photos";
import { leads } from "./leads";

export const photos = pgTable(
  "photos",
  {
    /** 24 random bytes, URL-safe base64: the photo's URLs carry it, so it must not be guessable. */
    id: text("id").primaryKey(),
    /** Null while it is an upload no quote has used yet. */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    /** The uploader's network as the rate limits count it, for abuse reports; gone with the photo. */
    ip: text("ip"),
    /** Of the full variant as served (after orientation and the 2,048 px cap). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The full variant's type; each stored variant keeps its own too. */
    contentType: text("content_type").notNull(),
    /** Where its bytes are: photo_blobs, or the S3-compatible bucket. */
    store: text("store").$type<PhotoStoreKind>().notNull(),
  },
  (t) => [
    index("photos_lead_idx").on(t.leadId, t.attachedAt),
    // The sweep of uploads no quote used within 24 hours.
    index("photos_unused_idx")
      .on(t.uploadedAt)
      .where(sql`${t.leadId} is null`),
  ],
);

/** The PostgreSQL store's bytes: one row per variant, gone with its photo. */
export const photoBlobs = pgTable(
  "photo_blobs",
  {
    photoId: text("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    variant: text("variant").$type<PhotoVariant>().notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.variant] })],
);

/**
 * Photos whose row is gone but whose bytes are still in the bucket: filled by the trigger at
 * the end of the migration (so a lead deleted by its foreign key cascade is covered too),
 * emptied by the sweep once the objects are deleted.
 */
export const photoDeletions = pgTable("photo_deletions", {
  photoId: text("photo_id").primaryKey(),
  store: text("store").$type<PhotoStoreKind>().notNull(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Photo = typeof photos.$inferSelect;
