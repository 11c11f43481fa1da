import { z } from 'zod';
import { vm } from './validation-messages';
import { pageSchema } from './pagination';

/** The longest message, in characters (UTF-16 code units, as the input's counter counts them). */
export const CHAT_MESSAGE_MAX = 4000;

/**
 * Control characters a person never types into a message: C0 (but tab and newline), DEL and C1.
 * They would let a message fake line structure or hide text; NUL cannot even be stored.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * A message body: plain text, stored and shown exactly as sent (never as HTML). Windows line
 * ends become newlines; surrounding white space is trimmed.
 */
export const chatBodySchema = z
  .string()
  .transform((s) => s.replace(/\r\n/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, vm('writeAMessage'))
      .max(CHAT_MESSAGE_MAX, vm('atMostCharacters'))
      .refine((s) => !CONTROL_CHARACTERS.test(s), vm('noControlCharacters')),
  );

/** `POST /api/chat/:friend_id/messages`. */
export const chatMessageInputSchema = z.object({ body: chatBodySchema });

export const chatMessageSchema = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  recipient_id: z.number().int(),
  /** Empty once a moderator removed the message (`removed`). */
  body: z.string(),
  removed: z.boolean(),
  created_at: z.string(),
  /** When the recipient read it; null while unread. */
  read_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * History, newest first; `next_cursor` goes back as `before` for older messages. `friend` names
 * the other member (a chat opened from a link knows only their id).
 */
export const chatMessagePageSchema = pageSchema(chatMessageSchema).extend({
  friend: z.object({ id: z.number().int(), name: z.string() }),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/** `POST /api/chat/:friend_id/read`: the friend's messages to you up to this id are read. */
export const chatReadInputSchema = z.object({
  up_to_id: z.number().int().positive().max(2_147_483_647),
});

/** Unread messages from friends: in all, and per friend (only friends with some). */
export const chatUnreadSchema = z.object({
  total: z.number().int(),
  by_friend: z.array(z.object({ friend_id: z.number().int(), count: z.number().int() })),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** How often one side's "typing" reaches the other at most, and how long it shows. */
export const CHAT_TYPING_INTERVAL_MS = 2000;
export const CHAT_TYPING_SHOWN_MS = 5000;
