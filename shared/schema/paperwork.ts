// The compliance paperwork of a purchased job (docs/decisions/105-paperwork-on-the-card.md): what
// the electrician marked about the work and when it was completed and energised, one row per
// document the job's state asks for with its running clock, and each electrician's certificate
// serials. Kept with the test record for 5 years: nothing here is deleted once done.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ComplianceEvent, WorkMark } from "../compliance-documents";
import { bytea, createdAt, updatedAt } from "./columns";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";
import { testRecords } from "./test-records";

export const jobPaperwork = pgTable("job_paperwork", {
  purchaseId: integer("purchase_id")
    .primaryKey()
    .references(() => leadPurchases.id, { onDelete: "restrict" }),
  /** Every write carries the version it was based on (0 before the first); a stale one is a 409. */
  version: integer("version").notNull().default(0),
  marks: text("marks")
    .array()
    .$type<WorkMark[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The "completion" event (WA, VIC, TAS, NT), typed on the lead's state's clock. */
  completedAt: timestamp("completed_at", { withTimezone: true }),
  /** The "energised" event (SA). */
  energisedAt: timestamp("energised_at", { withTimezone: true }),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What was printed on an issued certificate, kept as issued: a later edit of the job never changes it. */
export type IssuedCertificate = Record<string, unknown>;

export const paperworkDocuments = pgTable(
  "paperwork_documents",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "restrict" }),
    /** A key of COMPLIANCE_DOCUMENTS. */
    document: text("document").notNull(),
    startsFrom: text("starts_from").$type<ComplianceEvent>().notNull(),
    /** The deadline; null while its event has not happened, when the state sets none, or before the start (the booked start is read live). */
    dueAt: timestamp("due_at", { withTimezone: true }),
    status: text("status").$type<"open" | "issued" | "lodged">().notNull().default("open"),
    serial: text("serial"),
    reference: text("reference"),
    testRecordId: integer("test_record_id").references(() => testRecords.id, { onDelete: "restrict" }),
    issued: jsonb("issued").$type<IssuedCertificate>(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
    customerSentAt: timestamp("customer_sent_at", { withTimezone: true }),
    /**
     * The last reminder claimed, as "<clock>@<due instant>" (due_in_2_days, due_today, overdue): one
     * conditional UPDATE claims the next, so each goes once across instances, and a moved deadline
     * starts again.
     */
    reminded: text("reminded"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("paperwork_documents_purchase_idx").on(t.purchaseId, t.document),
    // The reminder sweep's read: open documents by their deadline.
    index("paperwork_documents_open_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Each electrician's running number per series ("qld", "nsw"), claimed by one upsert so two issues never share one. */
export const paperworkSerials = pgTable(
  "paperwork_serials",
  {
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    series: text("series").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.series] })],
);

/**
 * The form the electrician completed elsewhere and uploaded to send from the card (NSW's CCEW): one
 * per document, a new upload replacing it until it is sent; checked as a PDF on the way in.
 */
export const paperworkFiles = pgTable("paperwork_files", {
  documentId: integer("document_id")
    .primaryKey()
    .references(() => paperworkDocuments.id, { onDelete: "restrict" }),
  fileName: text("file_name").notNull(),
  bytes: bytea("bytes").notNull(),
  pages: integer("pages").notNull(),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  /** When it went to the recipients the electrician named; then it is kept as sent. */
  sentAt: timestamp("sent_at", { withTimezone: true }),
  /** The addresses it went to, for the card to say so. */
  sentTo: text("sent_to").array(),
});
