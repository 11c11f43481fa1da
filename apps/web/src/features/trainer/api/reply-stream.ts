import { useCallback, useRef } from 'react';
import { useChannel } from '../../../lib/realtime';

/**
 * How long a question waits for the reply stream's subscription before it is sent anyway: the
 * socket is usually up already (other channels share it), and without it the reply still comes
 * whole over HTTP, only not token by token.
 */
const READY_WAIT_MS = 2000;

/**
 * A new `client_request_id`: 32 hex digits. `crypto.getRandomValues`, not `randomUUID`, which
 * browsers offer only on HTTPS or localhost and the app is also served over plain HTTP on a LAN.
 */
export function newClientRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The member's trainer replies as the model writes them (TrainerChannel follows the member, not
 * a thread, so a new thread's first reply streams too). `onToken` gets each piece with the
 * `client_request_id` it was asked with; `whenReady` resolves once the subscription is confirmed
 * (or after a short wait), so a question sent after it has its first token heard.
 */
export function useTrainerReplyStream(onToken: (clientRequestId: string, delta: string) => void) {
  const state = useRef({ confirmed: false, waiters: new Set<() => void>() });
  const release = () => {
    for (const waiter of state.current.waiters) waiter();
  };
  useChannel('TrainerChannel', {
    received: (event) => {
      if (event.type === 'token' && event.client_request_id !== null) {
        onToken(event.client_request_id, event.delta);
      }
    },
    connected: () => {
      state.current.confirmed = true;
      release();
    },
    disconnected: () => {
      state.current.confirmed = false;
    },
    // Refused: nothing will stream, so nobody should wait for it.
    rejected: release,
  });
  const whenReady = useCallback(
    () =>
      new Promise<void>((resolve) => {
        const { confirmed, waiters } = state.current;
        if (confirmed) {
          resolve();
          return;
        }
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, READY_WAIT_MS);
        waiters.add(done);
      }),
    [],
  );
  return { whenReady };
}
