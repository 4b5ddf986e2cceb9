// The subscriber side of LISTEN/NOTIFY, shared by both engines (see notifications.ts): who listens to
// which channel, and delivery that survives a throwing handler.

export type NotificationHandler = (payload: string) => void;

/** What the notifications report through: the app's pino logger fits. */
export interface NotificationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BarrierResult {
  /** Processes that confirmed, this one included. */
  confirmed: number;
  /** Processes that were listening when the barrier was sent. */
  expected: number;
}

export interface Notifications {
  /**
   * True while every subscribed channel is being listened to. While false (not started yet, or the
   * connection was lost and is being re-made), notifications sent now are never delivered.
   */
  readonly listening: boolean;
  /** Calls `handler` with the payload of each notification on `channel`; returns the unsubscribe. */
  subscribe(channel: string, handler: NotificationHandler): () => void;
  /** Calls `handler` each time listening resumes after a gap (not at the first start). */
  onReconnect(handler: () => void): () => void;
  /**
   * Resolves once every process listening on this database has received and handled every
   * notification committed before the call, or after `timeoutMs` (a process stuck or reconnecting),
   * saying how many of how many confirmed. PGlite has one process, whose handlers ran at the commit.
   */
  barrier(timeoutMs?: number): Promise<BarrierResult>;
  /** Starts listening; resolves after the first attempt. A failure is logged and retried, never thrown. */
  start(): Promise<void>;
  /** Stops listening and closes the connection; idempotent. */
  close(): Promise<void>;
}

/** Lower-case SQL identifiers only: channel names are ours, never user input, and need no quoting. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Subscribers and their delivery, shared by both engines; a throwing handler is logged, not fatal. */
export abstract class NotificationHub implements Notifications {
  protected readonly channels = new Map<string, Set<NotificationHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();

  constructor(protected readonly log: NotificationLog) {}

  abstract readonly listening: boolean;
  abstract barrier(timeoutMs?: number): Promise<BarrierResult>;
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
  /** A channel got its first subscriber: listen to it from now on. */
  protected abstract channelAdded(channel: string): void;

  subscribe(channel: string, handler: NotificationHandler): () => void {
    if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel "${channel}"`);
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
      this.channelAdded(channel);
    }
    handlers.add(handler);
    // The channel stays listened to without subscribers: an idle LISTEN costs the server nothing.
    return () => void handlers.delete(handler);
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => void this.reconnectHandlers.delete(handler);
  }

  protected deliver(channel: string, payload: string): void {
    for (const handler of this.channels.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.log.warn({ err, channel }, 'notification handler failed');
      }
    }
  }

  protected reconnected(): void {
    for (const handler of this.reconnectHandlers) {
      try {
        handler();
      } catch (err) {
        this.log.warn({ err }, 'notification reconnect handler failed');
      }
    }
  }
}
