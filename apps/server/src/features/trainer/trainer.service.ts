import {
  THREAD_TITLE_MAX,
  type ExerciseSteps,
  type ShareTrainerThreadInput,
  type ShareTrainerThreadResult,
  type TrainerChatReply,
  type TrainerMemory,
  type TrainerMemoryUpdate,
  type TrainerPersona,
  type TrainerPersonaSummary,
  type TrainerThread,
  type TrainerThreadDetail,
  type TrainerThreadSummary,
} from '@fitcoach/shared/trainer';
import type { Locale } from '@fitcoach/shared/locales';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  localAnswerer,
  type AnswerPersona,
  type TrainerAnswerer,
} from '../../coach/providers/local/answer';
import { appModel, fallbackNotice, prepareAppModel } from '../../coach/providers/app-model';
import { modelAnswerPrompt } from '../../coach/providers/model-answer';
import {
  AiFailure,
  chatTool,
  type AiLog,
  type ChatTool,
  type ChatTurn,
  type OpenAiProvider,
} from '../../coach/providers/openai';
import { matchExerciseName, stepsFor } from '../../coach/providers/local/exercise-steps';
import {
  extractMemories,
  memoryKey,
  type ExtractedMemory,
} from '../../coach/providers/local/memory-extraction';
import type { Executor } from '../../db/client';
import type { MemoryKind } from '../../db/schema/coach';
import { text, translate } from '../../i18n/i18n';
import { personaTexts } from '../../i18n/persona-texts';
import { forbidden, HttpError } from '../../lib/http-error';
import type { ServiceContext } from '../../lib/service-context';
import type { Viewer } from '../../lib/viewer';
import { assertMayShareWith, isBlockedEitherWay } from '../friends/friends.service';
import { notify, sharedTrainerThreadTitle } from '../notifications/notifications.service';
import { streamReplyIntoThread } from '../trainer-stream/trainer-stream.service';
import { getWorkout } from '../workouts/workouts.service';
import { latestBriefs } from '../video-analysis/video-analysis.service';
import * as repo from './trainer.repository';

/** Creates the app's model client with the app's logger; called when the routes register. */
export function prepareTrainerModel(ctx: ServiceContext, log: AiLog): void {
  prepareAppModel(ctx, log);
}

/** The offline engine: what answers with `local`, and whenever the model fails. */
function answerer(_ctx: ServiceContext): TrainerAnswerer {
  return localAnswerer;
}

/** Shown with a reply the local engine wrote because the model failed, in the member's language. */
export function answerFallbackNotice(failure: AiFailure, locale?: Locale): string {
  return fallbackNotice(failure, 'answer', locale);
}

const RECENT_LOGS = 10;
const RECENT_ANALYSES = 5;
const HISTORY_TURNS = 10;

/** Read-only tools over the member's own data; the member is fixed here, never an argument. */
function memberTools(ctx: ServiceContext, userId: number): ChatTool<unknown>[] {
  return [
    chatTool({
      name: 'recent_logs',
      description: 'The member’s most recent workout logs (newest first).',
      parameters: z.object({ limit: z.number().int().min(1).max(RECENT_LOGS).optional() }),
      run: ({ limit }) => repo.recentLogs(ctx.db, userId, limit ?? RECENT_LOGS),
    }),
    chatTool({
      name: 'current_program',
      description:
        'The training program the member follows (following: active or paused, from starts_on), ' +
        'or else their newest own program (following: null), with its entries by week and ' +
        'weekday (1 = Monday).',
      parameters: z.object({}),
      run: () => repo.currentProgram(ctx.db, userId),
    }),
    chatTool({
      name: 'latest_diet',
      description: 'The member’s most recent diet plan.',
      parameters: z.object({}),
      run: () => repo.latestOwnDiet(ctx.db, userId),
    }),
    chatTool({
      name: 'video_analyses',
      description:
        'The member’s latest exercise video analyses (newest first): the exercise, reps detected ' +
        'against reps logged for the set it is tied to, range of motion, depth (the smallest ' +
        'angle at the turn, degrees), tempo (down/pause/up seconds) and the faults seen, with how ' +
        'many reps each.',
      parameters: z.object({ limit: z.number().int().min(1).max(RECENT_ANALYSES).optional() }),
      run: ({ limit }) => latestBriefs(ctx, userId, limit ?? RECENT_ANALYSES),
    }),
    chatTool({
      name: 'memory',
      description: 'What the trainer remembers about the member (injuries, equipment, goals…).',
      parameters: z.object({}),
      run: () => memoryFacts(ctx.db, userId),
    }),
  ];
}

const notFoundText = (key: 'threadNotFound' | 'memoryNotFound' | 'personaNotFound') =>
  new HttpError(404, 'not_found', text(`errors:trainer.${key}`));

const TITLE_LENGTH = 60;

/** A new thread's title: the question's start, cut at a word. */
export function titleFrom(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_LENGTH) return flat;
  const cut = flat.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A persona's words in the reader's language; names stay as they are. */
function personaIn(p: repo.PersonaRow, locale: Locale | undefined): repo.PersonaRow {
  // An admin rewrote the persona: the translation of the seeded words no longer says the same.
  const t = locale && locale !== 'en' && !p.editedAt ? personaTexts[locale][p.slug] : undefined;
  if (!t) return p;
  return {
    ...p,
    description: t.description,
    specialty: t.specialty,
    tone: t.tone,
    greeting: t.greeting,
    exampleQuestions: t.example_questions,
  };
}

/** What the answer engine needs of a persona, worded in the member's language. */
function answerPersona(p: repo.PersonaRow, locale: Locale | undefined): AnswerPersona {
  const worded = personaIn(p, locale);
  return {
    name: worded.name,
    specialty: worded.specialty,
    tone: worded.tone,
    greeting: worded.greeting,
    exampleQuestions: worded.exampleQuestions,
  };
}

const toSummary = (p: repo.PersonaRow): TrainerPersonaSummary => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  specialty: p.specialty,
});

const toThread = (t: repo.ThreadRow): TrainerThread => ({
  id: t.id,
  title: t.title,
  trainer_persona_id: t.personaId,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

const toMemory = (m: repo.MemoryRow): TrainerMemory => ({
  id: m.id,
  kind: m.kind,
  fact: m.fact,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

export async function listPersonas(
  { db }: ServiceContext,
  locale?: Locale,
): Promise<{ items: TrainerPersonaSummary[] }> {
  return { items: (await repo.listPersonas(db)).map((p) => toSummary(personaIn(p, locale))) };
}

export async function getPersona(
  { db }: ServiceContext,
  id: number,
  locale?: Locale,
): Promise<TrainerPersona> {
  const found = await repo.findPersona(db, id);
  if (!found) throw notFoundText('personaNotFound');
  const p = personaIn(found, locale);
  return {
    ...toSummary(p),
    greeting: p.greeting,
    tone: p.tone,
    example_questions: p.exampleQuestions,
  };
}

/**
 * The persona asked for (404 if it does not exist), else the thread's, else the first one. A
 * retired persona goes on answering the threads that already talk to it, and starts no others.
 */
async function resolvePersona(
  db: Executor,
  personaId: number | null | undefined,
  fallbackId?: number,
): Promise<repo.PersonaRow> {
  const id = personaId ?? fallbackId;
  if (id !== undefined) {
    const p = await repo.findPersona(db, id);
    if (!p) throw notFoundText('personaNotFound');
    if (p.retiredAt && p.id !== fallbackId) {
      throw new HttpError(422, 'unprocessable', text('errors:content.personaRetired'));
    }
    return p;
  }
  const first = await repo.firstPersona(db);
  if (!first) throw new HttpError(404, 'not_found', text('errors:trainer.noPersonas'));
  return first;
}

/** What the trainer remembers about a member, for other features (generation, answers). */
export async function memoryFacts(
  db: Executor,
  userId: number,
): Promise<{ kind: MemoryKind; fact: string }[]> {
  return (await repo.listMemories(db, userId)).map((m) => ({ kind: m.kind, fact: m.fact }));
}

/** Adds the facts not already remembered (same kind and subject); returns the ones added. */
async function remember(
  db: Executor,
  userId: number,
  facts: ExtractedMemory[],
): Promise<repo.MemoryRow[]> {
  if (facts.length === 0) return [];
  await repo.lockMemories(db, userId);
  const known = new Set((await repo.listMemories(db, userId)).map((m) => memoryKey(m)));
  const fresh = facts.filter((f) => {
    const key = memoryKey(f);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  return repo.insertMemories(
    db,
    fresh.map((f) => ({ userId, kind: f.kind, fact: f.fact })),
  );
}

interface Conversation {
  question: string;
  action: 'nutritionist' | 'trainer';
  personaId?: number | null | undefined;
  threadId?: number | null | undefined;
  /** The page's name for this request, echoed in the streamed reply's events. */
  clientRequestId?: string | undefined;
}

/**
 * One question and its answer, kept in a thread (a new one, titled from the question, when none
 * is given). Facts the member states are remembered first, so this very answer respects them.
 */
async function converse(
  ctx: ServiceContext,
  viewer: Viewer,
  input: Conversation,
  stream?: Pick<FastifyInstance, 'cable'>,
): Promise<TrainerChatReply> {
  const existing =
    input.threadId != null ? await repo.findOwnThread(ctx.db, viewer.id, input.threadId) : null;
  if (input.threadId != null && !existing) throw notFoundText('threadNotFound');
  const persona =
    input.personaId == null && !existing && input.action === 'nutritionist'
      ? ((await repo.listPersonas(ctx.db)).find((p) => /nutrition/i.test(p.specialty)) ??
        (await resolvePersona(ctx.db, undefined)))
      : await resolvePersona(ctx.db, input.personaId, existing?.personaId);
  const stated = extractMemories(input.question);
  const model = appModel(ctx);
  if (model) return converseWithModel(ctx, viewer, input, model, persona, existing ?? null, stream);

  return ctx.transaction(async (tx) => {
    const added = await remember(tx, viewer.id, stated);
    const memories = await memoryFacts(tx, viewer.id);
    const { answer, citations } = await answerer(ctx).answer({
      question: input.question,
      action: input.action,
      persona: answerPersona(persona, viewer.locale),
      memories,
      locale: viewer.locale,
      stated,
    });
    let threadId: number;
    if (existing) {
      // Deleted meanwhile: the reply has nowhere to go.
      if (!(await repo.lockOwnThread(tx, viewer.id, existing.id))) {
        throw notFoundText('threadNotFound');
      }
      await repo.touchThread(tx, existing.id, persona.id);
      threadId = existing.id;
    } else {
      const thread = await repo.insertThread(tx, {
        userId: viewer.id,
        personaId: persona.id,
        title: titleFrom(input.question),
      });
      threadId = thread.id;
    }
    await repo.insertMessages(tx, [
      { threadId, role: 'member', body: input.question, citations: [] },
      { threadId, role: 'trainer', body: answer, citations },
    ]);
    return {
      reply: answer,
      thread_id: threadId,
      citations,
      remembered: added.map((m) => ({ kind: m.kind, fact: m.fact })),
      notice: null,
    };
  });
}

/**
 * The `openai` engine's turn. The model is called outside any transaction (it can take
 * seconds): first the stated facts are remembered and the thread made or touched, then the
 * reply is streamed to the member's pages (TrainerChannel, on /cable), then both messages are
 * stored. When the model fails or says nothing, the local answer is stored with a notice.
 */
async function converseWithModel(
  ctx: ServiceContext,
  viewer: Viewer,
  input: Conversation,
  model: OpenAiProvider,
  persona: repo.PersonaRow,
  existing: repo.ThreadRow | null,
  stream: Pick<FastifyInstance, 'cable'> | undefined,
): Promise<TrainerChatReply> {
  const stated = extractMemories(input.question);
  const prepared = await ctx.transaction(async (tx) => {
    const added = await remember(tx, viewer.id, stated);
    const memories = await memoryFacts(tx, viewer.id);
    let threadId: number;
    let history: ChatTurn[] = [];
    if (existing) {
      if (!(await repo.lockOwnThread(tx, viewer.id, existing.id))) {
        throw notFoundText('threadNotFound');
      }
      await repo.touchThread(tx, existing.id, persona.id);
      threadId = existing.id;
      history = (await repo.listMessages(tx, existing.id)).slice(-HISTORY_TURNS).map((m) => ({
        role: m.role === 'member' ? ('user' as const) : ('assistant' as const),
        content: m.body,
      }));
    } else {
      const thread = await repo.insertThread(tx, {
        userId: viewer.id,
        personaId: persona.id,
        title: titleFrom(input.question),
      });
      threadId = thread.id;
    }
    return { added, memories, threadId, history };
  });

  const answerInput = {
    question: input.question,
    action: input.action,
    persona: answerPersona(persona, viewer.locale),
    memories: prepared.memories,
    locale: viewer.locale,
    stated,
  };
  const prompt = modelAnswerPrompt(answerInput);
  const produce = (onToken: (delta: string) => void) =>
    model.streamChat({
      messages: [
        { role: 'system', content: prompt.system },
        ...prepared.history,
        { role: 'user', content: input.question },
      ],
      tools: memberTools(ctx, viewer.id),
      onToken,
    });

  let reply: { body: string; citations: { slug: string; title: string }[]; notice: string | null };
  const store = async (result: Awaited<ReturnType<typeof produce>>) => {
    if (result.ok && result.text.trim() !== '') {
      reply = { body: result.text.trim(), citations: prompt.citations, notice: null };
    } else {
      const failure = result.ok ? new AiFailure('invalid_output') : result.failure;
      const local = await answerer(ctx).answer(answerInput);
      reply = {
        body: local.answer,
        citations: local.citations,
        notice: answerFallbackNotice(failure, viewer.locale),
      };
    }
    const body = reply.body;
    const citations = reply.citations;
    return ctx.transaction(async (tx) => {
      // Deleted while the model was answering: the reply has nowhere to go.
      if (!(await repo.lockOwnThread(tx, viewer.id, prepared.threadId))) {
        throw notFoundText('threadNotFound');
      }
      const rows = await repo.insertMessages(tx, [
        { threadId: prepared.threadId, role: 'member', body: input.question, citations: [] },
        { threadId: prepared.threadId, role: 'trainer', body, citations },
      ]);
      return rows[1]?.id ?? null;
    });
  };
  if (stream) {
    const target = {
      userId: viewer.id,
      threadId: prepared.threadId,
      clientRequestId: input.clientRequestId ?? null,
    };
    await streamReplyIntoThread(stream, target, produce, store);
  } else await store(await produce(() => {}));
  const done = reply!;
  return {
    reply: done.body,
    thread_id: prepared.threadId,
    citations: done.citations,
    remembered: prepared.added.map((m) => ({ kind: m.kind, fact: m.fact })),
    notice: done.notice,
  };
}

/** `POST /api/trainer/chat`. */
export async function chat(
  ctx: ServiceContext,
  viewer: Viewer,
  input: {
    question: string;
    trainer_persona_id?: number | undefined;
    thread_id?: number | null | undefined;
    client_request_id?: string | undefined;
  },
  stream?: Pick<FastifyInstance, 'cable'>,
): Promise<TrainerChatReply> {
  return converse(
    ctx,
    viewer,
    {
      question: input.question,
      action: 'trainer',
      personaId: input.trainer_persona_id,
      threadId: input.thread_id,
      clientRequestId: input.client_request_id,
    },
    stream,
  );
}

/**
 * The virtual trainer's `nutritionist` and `trainer` actions: an answer kept in a new thread.
 * Without a persona, the nutritionist action answers as the persona whose specialty is nutrition.
 */
export async function answerQuestion(
  ctx: ServiceContext,
  viewer: Viewer,
  input: {
    question: string;
    trainer_action: 'nutritionist' | 'trainer';
    trainer_persona_id?: number | undefined;
  },
): Promise<{
  answer: string;
  citations: { slug: string; title: string }[];
  thread_id: number;
  notice: string | null;
}> {
  const reply = await converse(ctx, viewer, {
    question: input.question,
    action: input.trainer_action,
    personaId: input.trainer_persona_id,
  });
  return {
    answer: reply.reply,
    citations: reply.citations,
    thread_id: reply.thread_id,
    notice: reply.notice ?? null,
  };
}

/**
 * How to do an exercise: the library's steps plus cues and common mistakes for its movement
 * pattern. The exercise is found by name, first among the workout's own exercises when a
 * workout is given (which the member must be able to see). With a thread, the question and the
 * steps are kept there too.
 */
export async function exerciseSteps(
  ctx: ServiceContext,
  viewer: Viewer,
  input: {
    exercise_name: string;
    workout_id?: number | null | undefined;
    trainer_persona_id?: number | null | undefined;
    thread_id?: number | null | undefined;
  },
): Promise<ExerciseSteps> {
  const thread =
    input.thread_id != null ? await repo.findOwnThread(ctx.db, viewer.id, input.thread_id) : null;
  if (input.thread_id != null && !thread) throw notFoundText('threadNotFound');
  const persona =
    input.trainer_persona_id != null || thread
      ? await resolvePersona(ctx.db, input.trainer_persona_id, thread?.personaId)
      : null;

  let match: ReturnType<typeof matchExerciseName> | null = null;
  if (input.workout_id != null) {
    const workout = await getWorkout(ctx.db, viewer, input.workout_id);
    const inWorkout = workout.groups.flatMap((g) =>
      g.exercises.map((e) => ({ id: e.exercise_id, name: e.name })),
    );
    const found = matchExerciseName(input.exercise_name, inWorkout);
    if (found.found) match = found;
  }
  if (!match) match = matchExerciseName(input.exercise_name, await repo.exerciseNames(ctx.db));
  if (!match.found) {
    throw new HttpError(
      404,
      'not_found',
      match.closest.length > 0
        ? text('errors:trainer.unknownExerciseClosest', {
            name: input.exercise_name,
            closest: match.closest.join(', '),
          })
        : text('errors:trainer.unknownExercise', { name: input.exercise_name }),
    );
  }
  const exercise = await repo.findExercise(ctx.db, match.id);
  if (!exercise) throw new HttpError(404, 'not_found', text('errors:notFound.exercise'));
  const answer = stepsFor(exercise);
  const result: ExerciseSteps = {
    exercise_id: exercise.id,
    exercise_name: exercise.name,
    ...answer,
  };

  if (thread && persona) {
    const body = [
      `${exercise.name}:`,
      ...answer.steps.map((s, i) => `${i + 1}. ${s}`),
      '',
      'Cues:',
      ...answer.cues.map((c) => `- ${c}`),
      '',
      'Common mistakes:',
      ...answer.mistakes.map((m) => `- ${m}`),
    ].join('\n');
    await ctx.transaction(async (tx) => {
      if (!(await repo.lockOwnThread(tx, viewer.id, thread.id)))
        throw notFoundText('threadNotFound');
      await repo.touchThread(tx, thread.id, persona.id);
      await repo.insertMessages(tx, [
        {
          threadId: thread.id,
          role: 'member',
          body: `How do I do ${input.exercise_name}?`,
          citations: [],
        },
        { threadId: thread.id, role: 'trainer', body, citations: [] },
      ]);
    });
  }
  return result;
}

export async function listThreads(
  { db }: ServiceContext,
  viewer: Viewer,
): Promise<{ items: TrainerThread[] }> {
  return { items: (await repo.listThreads(db, viewer.id)).map(toThread) };
}

type ReadableThread = NonNullable<Awaited<ReturnType<typeof repo.findThreadWithOwner>>>;

/**
 * A thread the viewer may read: their own, or one shared with them unless either has blocked
 * the other since. Anything else is a 404, so other members' ids do not leak.
 */
async function findReadable(db: Executor, viewer: Viewer, id: number): Promise<ReadableThread> {
  const found = await repo.findThreadWithOwner(db, id);
  if (!found) throw notFoundText('threadNotFound');
  const ownerId = found.thread.userId;
  if (ownerId === viewer.id) return found;
  if (
    (await repo.isSharedWith(db, id, viewer.id)) &&
    !(await isBlockedEitherWay(db, viewer.id, ownerId))
  ) {
    return found;
  }
  throw notFoundText('threadNotFound');
}

/** `GET /api/trainer/threads/:id`: one of yours, or one a friend shared with you (read-only). */
export async function getThread(
  { db }: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<TrainerThreadDetail> {
  const { thread, ownerName } = await findReadable(db, viewer, id);
  const messages = await repo.listMessages(db, id);
  return {
    ...toThread(thread),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      body: m.body,
      citations: m.citations,
      created_at: m.createdAt.toISOString(),
    })),
    is_mine: thread.userId === viewer.id,
    owner: { id: thread.userId, name: ownerName },
  };
}

/**
 * `POST /api/trainer/share_thread`: the owner shares a conversation (its questions, replies and
 * cited entries) with a friend, never a blocked member; the friend may read it and copy it.
 * Sharing again changes nothing and tells the friend nothing new.
 */
export async function shareThread(
  ctx: ServiceContext,
  viewer: Viewer,
  input: ShareTrainerThreadInput,
): Promise<ShareTrainerThreadResult> {
  const { db } = ctx;
  const found = await findReadable(db, viewer, input.thread_id);
  if (found.thread.userId !== viewer.id) throw forbidden(text('errors:trainer.shareOwnerOnly'));
  await assertMayShareWith(db, viewer.id, input.friend_id, 'trainer');
  await ctx.transaction(async (tx, changes) => {
    // Deleted since the check: nothing left to share.
    if (!(await repo.lockOwnThread(tx, viewer.id, input.thread_id))) {
      throw notFoundText('threadNotFound');
    }
    if (!(await repo.insertShare(tx, input.thread_id, viewer.id, input.friend_id))) return;
    await notify(tx, changes, {
      userId: input.friend_id,
      kind: 'trainer_thread_shared',
      title: sharedTrainerThreadTitle(found.ownerName),
      body: found.thread.title,
      link: `/trainer/threads/${input.thread_id}`,
      actorId: viewer.id,
    });
  });
  return {
    status: 'shared',
    message: translate(viewer.locale, 'notifications:shareResult', { title: found.thread.title }),
  };
}

/**
 * `POST /api/trainer/threads/:id/copy`: a conversation the member may read, copied into their
 * own conversations with every question, reply and citation, in one transaction. The copy is
 * theirs to go on with; nothing said in it reaches the original or back.
 */
export async function copyThread(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
): Promise<TrainerThreadDetail> {
  await findReadable(ctx.db, viewer, id);
  const copyId = await ctx.transaction(async (tx) => {
    // Read inside the transaction: the copy is of one state of the conversation.
    const found = await repo.findThreadWithOwner(tx, id);
    if (!found) throw notFoundText('threadNotFound');
    const source = found.thread;
    const title = translate(viewer.locale, 'errors:trainer.copyTitle', { title: source.title });
    const copy = await repo.insertThread(tx, {
      userId: viewer.id,
      personaId: source.personaId,
      title: title.length > THREAD_TITLE_MAX ? source.title.slice(0, THREAD_TITLE_MAX) : title,
    });
    const messages = await repo.listMessages(tx, id);
    if (messages.length > 0) {
      await repo.insertMessages(
        tx,
        messages.map((m) => ({
          threadId: copy.id,
          role: m.role,
          body: m.body,
          citations: m.citations,
        })),
      );
    }
    return copy.id;
  });
  return getThread(ctx, viewer, copyId);
}

/** Conversation cards by id, for lists other features make (those shared with a member). */
export async function trainerThreadSummaries(
  db: Executor,
  ids: number[],
): Promise<Map<number, TrainerThreadSummary>> {
  const rows = await repo.threadSummaries(db, [...new Set(ids)]);
  return new Map(
    rows.map((r) => [
      r.thread.id,
      { ...toThread(r.thread), persona_name: r.personaName, question_count: r.questionCount },
    ]),
  );
}

export async function renameThread(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  title: string,
): Promise<TrainerThread> {
  const row = await ctx.transaction((tx) => repo.renameThread(tx, viewer.id, id, title));
  if (!row) return refuseChange(ctx.db, viewer, id);
  return toThread(row);
}

export async function deleteThread(ctx: ServiceContext, viewer: Viewer, id: number): Promise<void> {
  const deleted = await ctx.transaction((tx) => repo.deleteThread(tx, viewer.id, id));
  if (!deleted) await refuseChange(ctx.db, viewer, id);
}

/**
 * Why a change to someone else's conversation is refused: a friend it was shared with reads it,
 * so they are told it is the owner's (403, as diets and programs answer); to anyone else it does
 * not exist (404).
 */
async function refuseChange(db: Executor, viewer: Viewer, id: number): Promise<never> {
  await findReadable(db, viewer, id);
  throw forbidden(text('errors:trainer.ownerOnly'));
}

export async function listMemories(
  { db }: ServiceContext,
  viewer: Viewer,
): Promise<{ items: TrainerMemory[] }> {
  return { items: (await repo.listMemories(db, viewer.id)).map(toMemory) };
}

export async function updateMemory(
  ctx: ServiceContext,
  viewer: Viewer,
  id: number,
  input: TrainerMemoryUpdate,
): Promise<TrainerMemory> {
  const row = await ctx.transaction((tx) =>
    repo.updateMemory(tx, viewer.id, id, {
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(input.fact !== undefined ? { fact: input.fact } : {}),
    }),
  );
  if (!row) throw notFoundText('memoryNotFound');
  return toMemory(row);
}

export async function deleteMemory(ctx: ServiceContext, viewer: Viewer, id: number): Promise<void> {
  const deleted = await ctx.transaction((tx) => repo.deleteMemory(tx, viewer.id, id));
  if (!deleted) throw notFoundText('memoryNotFound');
}
