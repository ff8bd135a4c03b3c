// Column shapes every table uses the same way: money as numeric(10,2), coordinates, timestamps.
import { customType, numeric, pgEnum, timestamp } from "drizzle-orm/pg-core";
import { SALES_STAGES } from "../enums";

export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
export const latitude = (name: string) => numeric(name, { precision: 10, scale: 8 });
export const longitude = (name: string) => numeric(name, { precision: 11, scale: 8 });
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A purchase's sales stage, the column type of lead_purchases and of the stage history. */
export const salesStage = pgEnum("sales_stage", SALES_STAGES);

/** PostgreSQL's bytea as bytes on either driver (pg gives a Node Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
