// HostView: the instructor's page in a workshop. It goes where the class is (the server owns the
// class's position) and publishes only the moves made on this page.
import type { RunStore } from "@/lib/runStore";
import { adoptable, followSeq, type Position } from "./state";
import type { WorkshopStore } from "./store";

/** The instructor's view of the class run: adopts the class's seq, publishes its own moves. */
export class HostView {
  private adopting = true;
  private pending: (number | null)[] = [];
  private closed = false;

  constructor(private readonly store: RunStore, private readonly ws: WorkshopStore, private readonly runId: number,
              private classSeq: number | null) {}

  /** Mounted; the returned cleanup (the class moved to another run, or the page went) stops it
   * publishing anything more. */
  attach(): () => void {
    this.closed = false;
    return () => {
      this.closed = true;
    };
  }

  /** A position from the server: adopted unless it echoes one of ours that a later one follows. */
  receive(seq: number | null): void {
    this.sync();  // a move of ours the store has not announced yet is published first, not undone
    const { adopt, pending } = adoptable(this.pending, seq);
    this.pending = pending;
    if (!adopt) return;
    this.classSeq = seq;
    this.adopting = true;
    this.sync();
  }

  sync = (): void => {
    if (this.closed) return;
    const snap = this.store.getSnapshot();
    if (this.adopting) {
      // Until the class's event has arrived the view waits at the last one; nothing is published.
      const target = followSeq({ seq: this.classSeq } as Position, snap.lastSeq);
      this.adopting = this.classSeq !== null && snap.lastSeq < this.classSeq;
      if (target !== snap.viewSeq) this.store.seek(target);
      if (this.adopting || this.classSeq !== null) return;
    }
    if (snap.viewSeq === this.classSeq) return;
    this.classSeq = snap.viewSeq;
    this.publish(snap.viewSeq);
  };

  private publish(seq: number | null): void {
    this.pending.push(seq);
    this.ws.send({ type: "position", position: { view: "run", runId: this.runId, seq, compare: null } });
  }
}
