import { z } from 'zod';
import { cableProtocol, type DisconnectReason } from '@fitcoach/shared/realtime-events';

/**
 * The Action Cable wire protocol (actioncable-v1-json), as the official client speaks it.
 * Server → client frames are built here; client → server commands are parsed here.
 */

export const SUBPROTOCOL = cableProtocol.subprotocol;

export const welcomeFrame = (): string => JSON.stringify({ type: 'welcome' });

export const pingFrame = (unixSeconds: number): string =>
  JSON.stringify({ type: 'ping', message: unixSeconds });

export const confirmFrame = (identifier: string): string =>
  JSON.stringify({ identifier, type: 'confirm_subscription' });

export const rejectFrame = (identifier: string): string =>
  JSON.stringify({ identifier, type: 'reject_subscription' });

export const disconnectFrame = (reason: DisconnectReason, reconnect: boolean): string =>
  JSON.stringify({ type: 'disconnect', reason, reconnect });

/** A broadcast for one subscription; `messageJson` is already JSON (built once per broadcast). */
export const messageFrame = (identifier: string, messageJson: string): string =>
  `{"identifier":${JSON.stringify(identifier)},"message":${messageJson}}`;

/** Channel parameters: the identifier is a JSON object naming the channel and its params. */
const identifierSchema = z
  .object({ channel: z.string().min(1).max(100) })
  .catchall(z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));
export type ChannelIdentifier = z.infer<typeof identifierSchema>;

const commandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('subscribe'), identifier: z.string().max(1000) }),
  z.object({ command: z.literal('unsubscribe'), identifier: z.string().max(1000) }),
  z.object({
    command: z.literal('message'),
    identifier: z.string().max(1000),
    data: z.string().max(64 * 1024),
  }),
]);

export type CableCommand =
  | { command: 'subscribe' | 'unsubscribe'; identifier: string; params: ChannelIdentifier }
  | {
      command: 'message';
      identifier: string;
      params: ChannelIdentifier;
      data: Record<string, unknown> & { action?: unknown };
    };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A command, or null when the frame is not one (bad JSON, unknown command, bad identifier). */
export function parseCommand(frame: string): CableCommand | null {
  const command = commandSchema.safeParse(parseJson(frame));
  if (!command.success) return null;
  const params = identifierSchema.safeParse(parseJson(command.data.identifier));
  if (!params.success) return null;
  if (command.data.command !== 'message') {
    return {
      command: command.data.command,
      identifier: command.data.identifier,
      params: params.data,
    };
  }
  const data = parseJson(command.data.data);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  return {
    command: 'message',
    identifier: command.data.identifier,
    params: params.data,
    data: data as Record<string, unknown>,
  };
}
