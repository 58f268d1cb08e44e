/**
 * Which journal entries are undone: the effective-undo rule, in one place for the host's fold
 * (fold.ts), core's replay() (apply.ts), the journal query's `undoneBy` and the Event log.
 *
 * The rule: an entry is undone when an undo that is not itself undone targets it. Later undos
 * decide about earlier ones, and undoing an undo redoes. An entry that is undone is undone by the
 * newest undo of it that is not itself undone (`undoneBy`).
 */
import type { Command } from './commands.js';

/**
 * The undo rule kept up to date one entry at a time, the entries numbered 0, 1, 2, … in journal
 * order. Entries form trees: an undo hangs under its target, every other command is a root; each
 * new undo is a new leaf, never undone, so its target becomes undone, which may change
 * its target's target, and so on up to at most one root — the one command whose status changes.
 *
 * Recomputing that walk per undo is quadratic for a chain (an undo of the undo of the undo …, each
 * new one flips every link). So the trees are cut into chains: runs of entries each targeted by
 * exactly one undo, whose statuses simply alternate. A chain flips as a whole with one bit; an
 * entry's status is that bit XOR the parity of its depth. Where two or more undos target an entry,
 * it keeps the count of those not undone, and a change passes up only when that count crosses 0/1.
 * Adding an undo is O(1) plus one step per such entry whose status changes (none, in the saves a
 * station writes: a chain, or undos of recent commands); splitting a chain when an entry gets a
 * second undo relabels the shorter part, O(log n) per entry over a whole save.
 */
export class UndoForest {
  /** Per entry: its undo's target (-1 for other commands), depth below its root, undos targeting it. */
  private readonly parent: number[] = [];
  private readonly depth: number[] = [];
  private readonly children: number[] = [];
  /** The first undo targeting it (the only one, while there is one). */
  private readonly onlyChild: number[] = [];
  /** Entries targeted by two or more undos → all of them, oldest first (for `undoneBy`). */
  private readonly undosOf = new Map<number, number[]>();
  /** With two or more undos targeting it: how many of them are not undone. */
  private readonly live: number[] = [];
  private readonly chainOf: number[] = [];
  /** Per chain: its first and last entry (top = nearest the root), and its flip bit. */
  private readonly top: number[] = [];
  private readonly bottom: number[] = [];
  private readonly flip: number[] = [];
  /** Steps taken beyond O(1) per undo: entries passed on the way up, entries relabelled by splits. */
  steps = 0;

  get size(): number {
    return this.parent.length;
  }

  isUndone(seq: number): boolean {
    const chain = this.chainOf[seq];
    if (chain === undefined) return false;
    return (((this.flip[chain] as number) ^ (this.depth[seq] as number)) & 1) === 1;
  }

  /**
   * The undo that reverts entry `seq`: the newest undo of it that is not itself undone; undefined
   * when `seq` is not undone. O(1), but for an entry undone and redone many times over.
   */
  undoneBy(seq: number): number | undefined {
    if (!this.isUndone(seq)) return undefined;
    const undos = this.undosOf.get(seq);
    if (!undos) return this.onlyChild[seq];
    for (let i = undos.length - 1; i >= 0; i--) if (!this.isUndone(undos[i] as number)) return undos[i];
    return undefined; // not reached: an undone entry has an undo that is not undone
  }

  /** A command that is not an undo (a new root). */
  addCommand(): void {
    const seq = this.parent.length;
    this.parent.push(-1);
    this.depth.push(0);
    this.pushNode(this.newChain(seq, seq, 0));
  }

  /**
   * What adding an undo of `target` would change: the root command whose status flips, or
   * undefined when none does. Changes nothing.
   */
  preview(target: number): { seq: number; undone: boolean } | undefined {
    if (this.isUndone(target)) return undefined; // it stays undone, by one more undo
    let x = this.topOf(target);
    let undone = !this.isUndone(x);
    for (;;) {
      const p = this.parent[x] as number;
      if (p < 0) return { seq: x, undone };
      const live = this.live[p] as number;
      if (undone ? live !== 1 : live !== 0) return undefined;
      x = this.topOf(p);
      undone = !this.isUndone(x);
    }
  }

  /** Add an undo of `target` (the next entry); returns what `preview` said. */
  addUndo(target: number): { seq: number; undone: boolean } | undefined {
    const seq = this.parent.length;
    this.parent.push(target);
    this.depth.push((this.depth[target] as number) + 1);
    const before = this.isUndone(target);
    const siblings = this.children[target] as number;
    if (siblings === 0) {
      // The leaf target's chain grows by the new undo: everything in it flips.
      const chain = this.chainOf[target] as number;
      this.pushNode(chain);
      this.bottom[chain] = seq;
      this.toggle(chain);
      this.onlyChild[target] = seq;
    } else {
      const undos = this.undosOf.get(target);
      if (undos) undos.push(seq);
      else this.undosOf.set(target, [this.onlyChild[target] as number, seq]);
      if (siblings === 1) {
        this.split(target);
        this.live[target] = this.isUndone(this.onlyChild[target] as number) ? 0 : 1;
      }
      this.live[target] = (this.live[target] as number) + 1;
      // A chain of its own, whose flip bit makes it not undone.
      this.pushNode(this.newChain(seq, seq, (this.depth[seq] as number) & 1));
      if (!before) this.toggle(this.chainOf[target] as number);
    }
    this.children[target] = siblings + 1;
    if (before) return undefined;
    // The target's chain flipped up to its top; pass the change up as preview() does.
    let x = this.topOf(target);
    for (;;) {
      const p = this.parent[x] as number;
      if (p < 0) return { seq: x, undone: this.isUndone(x) };
      this.steps++;
      const undone = this.isUndone(x);
      const live = (this.live[p] as number) + (undone ? -1 : 1);
      this.live[p] = live;
      if (undone ? live !== 0 : live !== 1) return undefined;
      this.toggle(this.chainOf[p] as number);
      x = this.topOf(p);
    }
  }

  private pushNode(chain: number): void {
    this.children.push(0);
    this.onlyChild.push(-1);
    this.live.push(0);
    this.chainOf.push(chain);
  }

  private newChain(top: number, bottom: number, flip: number): number {
    this.top.push(top);
    this.bottom.push(bottom);
    this.flip.push(flip);
    return this.top.length - 1;
  }

  private topOf(seq: number): number {
    return this.top[this.chainOf[seq] as number] as number;
  }

  private toggle(chain: number): void {
    this.flip[chain] = (this.flip[chain] as number) ^ 1;
  }

  /** `seq`, in the middle of its chain, gets a second undo: cut the chain below it (relabel the shorter part). */
  private split(seq: number): void {
    const chain = this.chainOf[seq] as number;
    const below = this.onlyChild[seq] as number;
    const top = this.top[chain] as number;
    const bottom = this.bottom[chain] as number;
    const upper = (this.depth[seq] as number) - (this.depth[top] as number) + 1;
    const lower = (this.depth[bottom] as number) - (this.depth[seq] as number);
    if (upper <= lower) {
      const moved = this.newChain(top, seq, this.flip[chain] as number);
      for (let x = seq; ; x = this.parent[x] as number) {
        this.steps++;
        this.chainOf[x] = moved;
        if (x === top) break;
      }
      this.top[chain] = below;
    } else {
      const moved = this.newChain(below, bottom, this.flip[chain] as number);
      for (let x = below; ; x = this.onlyChild[x] as number) {
        this.steps++;
        this.chainOf[x] = moved;
        if (x === bottom) break;
      }
      this.bottom[chain] = seq;
    }
  }
}

/**
 * The journal's undo marks: each entry that is undone → the undo that reverts it (`undoneBy`).
 * `entries` in journal order; an undo whose target is not an earlier entry of the list changes
 * nothing (the host's fold refuses such an undo before it is written). Linear in the entries.
 */
export function undoMarks(entries: readonly { seq: number; command: Command }[]): Map<number, number> {
  const forest = new UndoForest();
  const indexOf = new Map<number, number>();
  entries.forEach(({ seq, command }, i) => {
    const target = command.type === 'undo' ? indexOf.get(command.target) : undefined;
    if (target === undefined) forest.addCommand();
    else forest.addUndo(target);
    indexOf.set(seq, i);
  });
  const marks = new Map<number, number>();
  entries.forEach(({ seq }, i) => {
    const by = forest.undoneBy(i);
    if (by !== undefined) marks.set(seq, (entries[by] as { seq: number }).seq);
  });
  return marks;
}
