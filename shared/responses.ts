// Answers several routes give alike, so the client reads them with the type the server's API
// document (server/api-document.ts) describes them with.
import { z } from "zod";

/** A confirmation in words: signed out, password changed, e-mail alerts off. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The record an action changed or created: an archived lead, a released purchase. */
export const recordIdResponse = z.object({ id: z.number().int() });
export type RecordIdResponse = z.infer<typeof recordIdResponse>;
