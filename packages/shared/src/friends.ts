import { z } from 'zod';
import { cursorQuery, idParam, pageSchema, searchText } from './pagination';

/** A member as lists and pickers show them: name and photo (null when none, or not visible). */
export const memberSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** A friend: when they last used the app (null before their first visit) and since when. */
export const friendSchema = memberSummarySchema.extend({
  last_active_at: z.string().nullable(),
  since: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

/** A request received or sent, or a member you blocked: since when. */
export const relatedMemberSchema = memberSummarySchema.extend({ since: z.string() });
export type RelatedMember = z.infer<typeof relatedMemberSchema>;

/** `GET /api/friends`: the Friends page's four lists. */
export const friendsOverviewSchema = z.object({
  friends: z.array(friendSchema),
  incoming: z.array(relatedMemberSchema),
  outgoing: z.array(relatedMemberSchema),
  blocked: z.array(relatedMemberSchema),
});
export type FriendsOverview = z.infer<typeof friendsOverviewSchema>;

/** How a member stands to you: `incoming` asked you, `outgoing` you asked them. */
export const relationships = ['none', 'friend', 'incoming', 'outgoing'] as const;
export type Relationship = (typeof relationships)[number];

/** `POST /api/profile/add_friend`. */
export const addFriendInputSchema = z.object({ friend_id: idParam });

/** A relationship write's answer: where the two members stand now. */
export const relationshipResultSchema = z.object({
  member: memberSummarySchema,
  relationship: z.enum([...relationships, 'blocked']),
});
export type RelationshipResult = z.infer<typeof relationshipResultSchema>;

/** Search everyone (`members`) or only your friends (`friends`, the share pickers). */
export const memberSearchScopes = ['members', 'friends'] as const;

/**
 * `GET /api/members/search`: by any part of the name, or an exact email address. Members are
 * found by text only (an empty `q` finds no one); friends are listed all when `q` is empty.
 */
export const memberSearchQuerySchema = z.object({
  q: searchText.default(''),
  scope: z.enum(memberSearchScopes).default('members'),
  ...cursorQuery,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const memberSearchResultSchema = memberSummarySchema.extend({
  relationship: z.enum(relationships),
});
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

export const memberSearchPageSchema = pageSchema(memberSearchResultSchema);
export type MemberSearchPage = z.infer<typeof memberSearchPageSchema>;

/** Who sees a member's activity in the feed (chosen on the profile page). */
export const activityVisibilities = ['friends', 'only_me'] as const;
export type ActivityVisibility = (typeof activityVisibilities)[number];
