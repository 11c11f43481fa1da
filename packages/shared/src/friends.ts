import { z } from 'zod';

/** A friend as pickers show them (the share modals). */
export const friendSchema = z.object({ id: z.number().int(), name: z.string() });
export type Friend = z.infer<typeof friendSchema>;

export const friendListSchema = z.object({ items: z.array(friendSchema) });
