import { z } from 'zod';
import { idSchema } from '../api/text';

// Payloads of the returns calls (returns.md §7), validated alike by the server and the screens.

/** PUT /api/v1/backroom/returns: create a return for an order (from the order detail's 'Start Return'). */
export const returnCreateSchema = z.object({
  channelOrderId: idSchema,
});
export type ReturnCreateInput = z.infer<typeof returnCreateSchema>;
