/**
 * A device's connection for renderer tests: the real RPC client with the test's hand on it — its
 * status can go offline and back, pushed journal entries can be held back (another desk's result
 * not yet arrived), and an answer can be lost with the connection mid-send. Every dispatch that
 * reached the host is kept, with its client command id.
 */
import type { StationApi, StationPush } from '../../core/api/contract.js';
import type { NewCommand } from '../../core/event/commands.js';
import type { ConnectionStatus, StationConnection } from '../../renderer/api/index.js';

/** The RPC client as a phone's connection, with the test's hand on its status and pushes. */
export class FloorConnection implements StationConnection {
  readonly transport = 'websocket' as const;
  readonly api: StationApi;
  private current: ConnectionStatus = 'connected';
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private holding = false;
  private held: StationPush[] = [];
  private pushListener: ((push: StationPush) => void) | null = null;
  private loseNextAnswer = false;
  /** Every dispatch that reached the host, with its client command id. */
  readonly sent: { command: NewCommand; cid: string | undefined }[] = [];

  constructor(base: StationApi) {
    // The client is a Proxy over the method table (core/api/rpc.ts): its methods are not own
    // properties to spread, so the two this test takes hold of are put in front of it.
    const own: Partial<StationApi> = {
      subscribe: (listener) => {
        this.pushListener = listener;
        return base.subscribe((push) => {
          if (this.holding && push.type === 'entries') this.held.push(push);
          else listener(push);
        });
      },
      dispatch: async (params) => {
        if (this.current !== 'connected') throw Object.assign(new Error('not connected to the station host'), { code: 'disconnected' });
        this.sent.push({ command: params.command, cid: params.cid });
        const ack = await base.dispatch(params);
        if (this.loseNextAnswer) {
          // The host wrote it, but the answer is lost with the connection.
          this.loseNextAnswer = false;
          this.setStatus('disconnected');
          throw Object.assign(new Error('the connection to the station host was lost before it answered: try again'), { code: 'disconnected' });
        }
        return ack;
      },
    };
    this.api = new Proxy(base, { get: (target, name) => (Object.hasOwn(own, name) ? own[name as keyof StationApi] : Reflect.get(target, name)) });
  }

  status(): ConnectionStatus {
    return this.current;
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onMenu(): () => void {
    return () => undefined;
  }

  setStatus(status: ConnectionStatus): void {
    this.current = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  /** Hold back pushed journal entries (they have not reached this phone yet). */
  holdEntries(): void {
    this.holding = true;
  }

  releaseEntries(): void {
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const push of held) this.pushListener?.(push);
  }

  /** The next dispatch reaches the host, then the connection drops before its answer arrives. */
  dropBeforeNextAnswer(): void {
    this.loseNextAnswer = true;
  }
}
