// The suburb list that intake and service areas resolve places with.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { latitude, longitude } from "./columns";

export const suburbs = pgTable(
  "suburbs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    postcode: text("postcode").notNull(),
    council: text("council"),
    state: text("state").notNull().default("NSW"),
    latitude: latitude("latitude"),
    longitude: longitude("longitude"),
    description: text("description"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    openingHours: text("opening_hours"),
    priceFrom: integer("price_from").notNull().default(49),
    isActive: boolean("is_active").notNull().default(true),
    /** The ABS SA4 area (ASGS 2016) the data set gives the locality: the price tape's region (docs/decisions/066-price-tape.md). */
    sa4Code: text("sa4_code"),
    sa4Name: text("sa4_name"),
  },
  (t) => [
    uniqueIndex("suburbs_name_postcode_state_idx").on(t.name, t.postcode, t.state),
    // text_pattern_ops lets `lower(name) LIKE 'parra%'` use the index.
    index("suburbs_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
    index("suburbs_postcode_idx").using("btree", sql`${t.postcode} text_pattern_ops`),
  ],
);

export type Suburb = typeof suburbs.$inferSelect;
