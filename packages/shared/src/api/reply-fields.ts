import { z } from 'zod';

// The fields the reply schemas are built from, declared once: the server writes them, the web reads them.

/** An id in a reply. */
export const replyId = z.number().int();
/** A 0/1 flag as the specs send it (a whole number in replies). */
export const intFlag = z.number().int();
/** Text that may be absent (null); also an ISO timestamp that may be. */
export const nullableText = z.string().nullable();
/** A record shown by its name: a status, a vendor, a type. */
export const idNameSchema = z.object({ id: replyId, name: z.string() });
