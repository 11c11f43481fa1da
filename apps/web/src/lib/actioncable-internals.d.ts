import type { Subscription } from '@rails/actioncable';

// @types/rails__actioncable covers the public API only; the package also exports the classes
// that hold the spec's realtime constants, which the unit test pins.
declare module '@rails/actioncable' {
  export class ConnectionMonitor {
    /** Seconds without a message (welcome or ping) before the connection counts as stale. */
    static staleThreshold: number;
    static reconnectionBackoffRate: number;
    reconnectAttempts: number;
    getPollInterval(): number;
  }

  export class Connection {
    /** Milliseconds between closing a stale socket and opening the next one. */
    static reopenDelay: number;
    readonly monitor: ConnectionMonitor;
    readonly webSocket?: WebSocket;
    getState(): 'connecting' | 'open' | 'closing' | 'closed' | null;
    isOpen(): boolean;
    reopen(): void;
  }

  export class SubscriptionGuarantor {
    constructor(subscriptions: { subscribe(subscription: Subscription): void });
    guarantee(subscription: Subscription): void;
    forget(subscription: Subscription): void;
    stopGuaranteeing(): void;
  }

  export const INTERNAL: {
    message_types: Record<string, string>;
    disconnect_reasons: Record<string, string>;
    default_mount_path: string;
    protocols: string[];
  };

  interface Consumer {
    readonly connection: Connection;
  }
}
