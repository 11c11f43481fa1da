import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TrainerEvent } from '@fitcoach/shared/realtime-events';
import type { ChatResult } from '../../coach/providers/openai';

/** The stream TrainerChannel follows: one per member, whichever thread a reply goes to. */
export const trainerStreams = {
  member: (userId: number) => `trainer:member:${userId}`,
} as const;

/** Where a reply goes: its owner's stream, tagged with the thread and the page's request. */
export interface ReplyTarget {
  userId: number;
  threadId: number;
  /** The id the page sent with its request (null when it sent none). */
  clientRequestId: string | null;
}

export interface StreamedReply {
  replyId: string;
  result: ChatResult;
  /** What `finish` answered (the stored message's id), null when not stored. */
  messageId: number | null;
}

/**
 * Streams one reply to its owner's pages on /cable: each piece as a `token` event the moment the
 * model sends it, then `done` (with the stored message's id when `finish` stores it) or
 * `error`. `produce` is the engine's call (e.g. `provider.streamChat` with its `onToken`); the
 * caller checked that the member owns the thread, and stores the reply in
 * `finish` (which runs before `done`, so the page can swap the streamed bubble for the stored
 * message). Broadcasts keep their order: each waits for the one before it.
 */
export async function streamReplyIntoThread(
  app: Pick<FastifyInstance, 'cable'>,
  target: ReplyTarget,
  produce: (onToken: (delta: string) => void) => Promise<ChatResult>,
  finish?: (result: ChatResult) => Promise<number | null>,
): Promise<StreamedReply> {
  const replyId = randomUUID();
  const stream = trainerStreams.member(target.userId);
  const tags = {
    reply_id: replyId,
    thread_id: target.threadId,
    client_request_id: target.clientRequestId,
  };
  let sent: Promise<void> = Promise.resolve();
  const send = (event: TrainerEvent) => {
    sent = sent.then(() => app.cable.broadcastEvent('TrainerChannel', stream, event));
  };
  let result: ChatResult;
  try {
    result = await produce((delta) => {
      if (delta) send({ type: 'token', ...tags, delta });
    });
  } finally {
    await sent;
  }
  let messageId: number | null = null;
  try {
    messageId = (await finish?.(result)) ?? null;
  } catch (error) {
    // Not stored: the page must not show it as a saved reply.
    send({ type: 'error', ...tags, code: 'server' });
    await sent;
    throw error;
  }
  send(
    result.ok
      ? { type: 'done', ...tags, text: result.text, message_id: messageId }
      : { type: 'error', ...tags, code: result.failure.kind },
  );
  await sent;
  return { replyId, result, messageId };
}
