import { z } from 'zod';
import { idParam } from './pagination';
import { hasVisibleText } from './text';
import { vm } from './validation-messages';
import { QUESTION_MAX } from './virtual-trainer';

/** A trainer persona as the picker lists it (`GET /api/trainer_persona`). */
export const trainerPersonaSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  specialty: z.string(),
});
export type TrainerPersonaSummary = z.infer<typeof trainerPersonaSummarySchema>;

/** `GET /api/trainer_persona/:id`: the trainer-details modal. */
export const trainerPersonaSchema = trainerPersonaSummarySchema.extend({
  greeting: z.string(),
  tone: z.string(),
  example_questions: z.array(z.string()),
});
export type TrainerPersona = z.infer<typeof trainerPersonaSchema>;

export const trainerPersonaListSchema = z.object({ items: z.array(trainerPersonaSummarySchema) });

/** A knowledge-base entry a reply used. */
export const trainerCitationSchema = z.object({ slug: z.string(), title: z.string() });
export type TrainerCitation = z.infer<typeof trainerCitationSchema>;

/** A question as a member types it: trimmed, not empty, not an essay. */
export const trainerQuestionSchema = z
  .string({ error: vm('askAQuestion') })
  .trim()
  .min(1, vm('askAQuestion'))
  .max(QUESTION_MAX, vm('atMostCharacters'))
  .refine(hasVisibleText, vm('askAQuestion'));

/**
 * Names one chat request on the member's TrainerChannel stream: the page makes it up before it
 * sends, so it can tell its own reply's tokens (even a new thread's first one, which has no
 * thread id yet) from another tab's. Random, URL-safe; never stored.
 */
export const clientRequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** `POST /api/trainer/chat` (spec: JSON question, trainer_persona_id, thread_id). */
export const trainerChatInputSchema = z.object({
  question: trainerQuestionSchema,
  trainer_persona_id: idParam.optional(),
  /** Absent or null: a new thread titled from the question. */
  thread_id: idParam.nullish(),
  /** Echoed in the streamed reply's TrainerChannel events. */
  client_request_id: clientRequestIdSchema.optional(),
});
export type TrainerChatInput = z.input<typeof trainerChatInputSchema>;

export const trainerChatReplySchema = z.object({
  reply: z.string(),
  thread_id: z.number().int(),
  citations: z.array(trainerCitationSchema),
  /** Facts the trainer took from the question and now remembers. */
  remembered: z.array(z.object({ kind: z.string(), fact: z.string() })),
  /** Set when the AI model failed and the reply comes from the local engine instead. */
  notice: z.string().nullable(),
});
export type TrainerChatReply = z.infer<typeof trainerChatReplySchema>;

/** `POST /api/trainer/ask` (spec: exercise_name, workout_id, trainer_persona_id, thread_id). */
export const trainerAskInputSchema = z.object({
  exercise_name: z
    .string({ error: vm('enterExerciseName') })
    .trim()
    .min(1, vm('enterExerciseName'))
    .max(120, vm('atMostCharacters')),
  workout_id: idParam.nullish(),
  trainer_persona_id: idParam.nullish(),
  thread_id: idParam.nullish(),
});
export type TrainerAskInput = z.input<typeof trainerAskInputSchema>;

export const exerciseStepsSchema = z.object({
  exercise_id: z.number().int().nullable(),
  exercise_name: z.string(),
  steps: z.array(z.string()),
  cues: z.array(z.string()),
  mistakes: z.array(z.string()),
});
export type ExerciseSteps = z.infer<typeof exerciseStepsSchema>;

export const trainerThreadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  trainer_persona_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrainerThread = z.infer<typeof trainerThreadSchema>;

export const trainerThreadListSchema = z.object({ items: z.array(trainerThreadSchema) });

export const trainerMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['member', 'trainer']),
  body: z.string(),
  citations: z.array(trainerCitationSchema),
  created_at: z.string(),
});
export type TrainerMessage = z.infer<typeof trainerMessageSchema>;

/**
 * One conversation with its messages: the member's own, or one a friend shared with them
 * (`is_mine` false: read-only, and it can be copied).
 */
export const trainerThreadDetailSchema = trainerThreadSchema.extend({
  messages: z.array(trainerMessageSchema),
  is_mine: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
});
export type TrainerThreadDetail = z.infer<typeof trainerThreadDetailSchema>;

/** A conversation as "Shared with me" lists it: who answered, and how much was asked. */
export const trainerThreadSummarySchema = trainerThreadSchema.extend({
  persona_name: z.string(),
  question_count: z.number().int(),
});
export type TrainerThreadSummary = z.infer<typeof trainerThreadSummarySchema>;

/** `POST /api/trainer/share_thread` (status 200 means success), like the other shares. */
export const shareTrainerThreadInputSchema = z.object({
  friend_id: idParam,
  thread_id: idParam,
});
export type ShareTrainerThreadInput = z.infer<typeof shareTrainerThreadInputSchema>;
export const shareTrainerThreadResultSchema = z.object({
  status: z.literal('shared'),
  message: z.string(),
});
export type ShareTrainerThreadResult = z.infer<typeof shareTrainerThreadResultSchema>;

export const THREAD_TITLE_MAX = 120;

export const trainerThreadRenameSchema = z.object({
  title: z
    .string({ error: vm('enterThreadTitle') })
    .trim()
    .min(1, vm('enterThreadTitle'))
    .max(THREAD_TITLE_MAX, vm('atMostCharacters'))
    .refine(hasVisibleText, vm('enterThreadTitle')),
});

export const memoryKinds = ['injury', 'equipment', 'goal', 'dislike', 'other'] as const;
export type MemoryKind = (typeof memoryKinds)[number];

export const trainerMemorySchema = z.object({
  id: z.number().int(),
  kind: z.enum(memoryKinds),
  fact: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrainerMemory = z.infer<typeof trainerMemorySchema>;

export const trainerMemoryListSchema = z.object({ items: z.array(trainerMemorySchema) });

export const MEMORY_FACT_MAX = 300;

/** `PATCH /api/trainer/memory/:id`: correct the fact, or file it under another kind. */
export const trainerMemoryUpdateSchema = z
  .object({
    kind: z.enum(memoryKinds, { error: vm('chooseMemoryKind') }).optional(),
    fact: z
      .string({ error: vm('enterMemoryFact') })
      .trim()
      .min(1, vm('enterMemoryFact'))
      .max(MEMORY_FACT_MAX, vm('atMostCharacters'))
      .optional(),
  })
  .refine((v) => v.kind !== undefined || v.fact !== undefined, {
    message: vm('enterMemoryFact'),
    path: ['fact'],
  });
export type TrainerMemoryUpdate = z.infer<typeof trainerMemoryUpdateSchema>;
