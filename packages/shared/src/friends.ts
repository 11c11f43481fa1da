import { z } from 'zod';

/** A friend as pickers show them (the share modals). */
export const friendSchema = z.object({ id: z.number().int(), name: z.string() });
export type Friend = z.infer<typeof friendSchema>;

export const friendListSchema = z.object({ items: z.array(friendSchema) });

/** Who sees a member's activity in the feed (chosen on the profile page). */
export const activityVisibilities = ['friends', 'only_me'] as const;
export type ActivityVisibility = (typeof activityVisibilities)[number];
