import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TrainerEvent } from '@fitcoach/shared/realtime-events';
import type { ChatResult } from '../../coach/providers/openai';
import type { Executor } from '../../db/client';
import * as repo from './trainer-stream.repository';

const MAX_ID = 2_147_483_647;

/** The stream TrainerChannel follows: one per thread. */
export const trainerStreams = {
  thread: (threadId: number) => `trainer:${threadId}`,
} as const;

/** Whether the member may follow the thread's replies: only its owner may. */
export async function mayFollowThread(
  db: Executor,
  userId: number,
  threadId: unknown,
): Promise<boolean> {
  // Ids are PostgreSQL integers: a larger one names no thread, and would make the query fail.
  if (typeof threadId !== 'number' || !Number.isInteger(threadId)) return false;
  if (threadId <= 0 || threadId > MAX_ID) return false;
  return repo.isThreadOwner(db, threadId, userId);
}

export interface StreamedReply {
  replyId: string;
  result: ChatResult;
  /** What `finish` answered (the stored message's id), null when not stored. */
  messageId: number | null;
}

/**
 * Streams one reply into a thread for whoever follows it on /cable: each piece as a `token`
 * event the moment the model sends it, then `done` (with the stored message's id when `finish`
 * stores it) or `error`. `produce` is the engine's call (e.g. `provider.streamChat` with its
 * `onToken`); the caller checked that the member owns the thread, and stores the reply in
 * `finish` (which runs before `done`, so the page can swap the streamed bubble for the stored
 * message). Broadcasts keep their order: each waits for the one before it.
 */
export async function streamReplyIntoThread(
  app: Pick<FastifyInstance, 'cable'>,
  threadId: number,
  produce: (onToken: (delta: string) => void) => Promise<ChatResult>,
  finish?: (result: ChatResult) => Promise<number | null>,
): Promise<StreamedReply> {
  const replyId = randomUUID();
  const stream = trainerStreams.thread(threadId);
  let sent: Promise<void> = Promise.resolve();
  const send = (event: TrainerEvent) => {
    sent = sent.then(() => app.cable.broadcastEvent('TrainerChannel', stream, event));
  };
  let result: ChatResult;
  try {
    result = await produce((delta) => {
      if (delta) send({ type: 'token', reply_id: replyId, delta });
    });
  } finally {
    await sent;
  }
  let messageId: number | null = null;
  try {
    messageId = (await finish?.(result)) ?? null;
  } catch (error) {
    // Not stored: the page must not show it as a saved reply.
    send({ type: 'error', reply_id: replyId, code: 'server' });
    await sent;
    throw error;
  }
  send(
    result.ok
      ? { type: 'done', reply_id: replyId, text: result.text, message_id: messageId }
      : { type: 'error', reply_id: replyId, code: result.failure.kind },
  );
  await sent;
  return { replyId, result, messageId };
}
