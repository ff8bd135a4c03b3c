// Public electrician profiles (docs/decisions/060-public-profiles.md): every slug a provider's
// profile has had. The newest is the profile's address; an older one answers 301 to it, so a
// link made before a rename keeps working. A slug is never given to anyone else.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const providerSlugs = pgTable(
  "provider_slugs",
  {
    slug: text("slug").primaryKey(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The business name and service location the slug was made from: a change to either makes a new slug. */
    madeFrom: text("made_from").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("provider_slugs_provider_idx").on(t.providerId, sql`${t.createdAt} desc`)],
);

export type ProviderSlug = typeof providerSlugs.$inferSelect;
