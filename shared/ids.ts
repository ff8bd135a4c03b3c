// Every id that arrives in a path or a body: a PostgreSQL `integer` (serial) key. Bounding it
// here turns an id the database would reject ("out of range for type integer") into a 400.
import { z } from "zod";

export const RECORD_ID_MAX = 2_147_483_647;
export const RECORD_ID_MESSAGE = "Not a valid id: use a whole number from 1 to 2147483647";

export const recordId = z.coerce.number({ error: RECORD_ID_MESSAGE }).int(RECORD_ID_MESSAGE).min(1, RECORD_ID_MESSAGE).max(RECORD_ID_MAX, RECORD_ID_MESSAGE);

/** `/things/:id` */
export const recordIdParam = z.object({ id: recordId });
