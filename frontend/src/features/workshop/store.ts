// WorkshopStore: the workshop socket (RunSocket's reconnect/backoff, on the workshop's URL) folded
// through applyWorkshopMessage, read by React with useSyncExternalStore.
import { RunSocket } from "@/lib/socket";
import { workshopSocketUrl } from "./api";
import { applyWorkshopMessage, initialWorkshopState, type LocalAction, type WorkshopMessage, type WorkshopState } from "./state";

export class WorkshopStore {
  private state: WorkshopState = initialWorkshopState;
  private listeners = new Set<() => void>();
  private socket: RunSocket | null = null;

  constructor(readonly code: string) {}

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): WorkshopState => this.state;

  connect(): void {
    this.socket = new RunSocket(
      { url: workshopSocketUrl(this.code) },
      {
        onEvents: () => undefined,
        onMessage: (msg) => this.dispatch(msg as unknown as WorkshopMessage),
        onStatus: (socket) => this.dispatch({ type: "local.socket", socket }),
      },
    );
    this.socket.connect();
  }

  disconnect(): void {
    this.socket?.close();
    this.socket = null;
  }

  send(message: Record<string, unknown>): void {
    this.socket?.send(message);
  }

  dispatch(action: WorkshopMessage | LocalAction): void {
    const next = applyWorkshopMessage(this.state, action);
    if (next === this.state) return;
    this.state = next;
    this.listeners.forEach((l) => l());
  }
}
