// The timers and frames of the Marrakech screen's animations, so that a screen taken
// down stops them all at once; once stopped, every wait and tween resolves at once.
export class Timeline {
  private readonly timers = new Set<number>();
  private readonly frames = new Set<number>();
  private stopped = false;

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      const id = window.setTimeout(() => {
        this.timers.delete(id);
        resolve();
      }, ms);
      this.timers.add(id);
    });
  }

  // Runs fn(t) for t from 0 to 1 over ms, ending on fn(1) (unless stopped), then resolves.
  tween(ms: number, fn: (t: number) => void): Promise<void> {
    return new Promise((resolve) => {
      const start = performance.now();
      let done = false;
      let raf = 0;
      const finish = () => {
        if (done) return;
        done = true;
        window.clearTimeout(fallback);
        this.timers.delete(fallback);
        if (raf) cancelAnimationFrame(raf);
        this.frames.delete(raf);
        if (!this.stopped) fn(1);
        resolve();
      };
      const tick = (now: number) => {
        this.frames.delete(raf);
        raf = 0;
        if (done) return;
        if (this.stopped) return finish();
        const t = Math.min(1, (now - start) / ms);
        if (t >= 1) return finish();
        fn(t);
        raf = requestAnimationFrame(tick);
        this.frames.add(raf);
      };
      // A hidden tab runs no frames: finish on a timer too.
      const fallback = window.setTimeout(finish, ms + 400);
      this.timers.add(fallback);
      raf = requestAnimationFrame(tick);
      this.frames.add(raf);
    });
  }

  stop(): void {
    this.stopped = true;
    for (const id of this.timers) clearTimeout(id);
    this.timers.clear();
    for (const id of this.frames) cancelAnimationFrame(id);
    this.frames.clear();
  }
}

// The states a screen is given, played one after another. A state is animated only when
// it comes on time: one late (a hidden tab, a slow animation before it) or with others
// piling up behind it is drawn at once, so that the screen never falls more than about
// 2.5 s behind the server.
export class StateQueue<S> {
  private readonly queue: { state: S; animate: boolean; t: number }[] = [];
  private playing = false;
  private stopped = false;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly screen: {
      play(state: S, animate: boolean, fast: boolean): Promise<void>;
      draw(state: S): void; // at once: when playing failed
      busy(on: boolean): void;
      reducedMotion(): boolean;
    },
  ) {}

  get busy(): boolean {
    return this.playing;
  }

  push(state: S, animate: boolean): void {
    this.queue.push({ state, animate, t: performance.now() });
    void this.pump();
  }

  // Drops the states waiting (not the one playing).
  clear(): void {
    this.queue.length = 0;
  }

  // Resolves once every state pushed has been played.
  settled(): Promise<void> {
    if (!this.playing) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const resolve of this.waiters.splice(0)) resolve();
    this.queue.length = 0;
  }

  private async pump(): Promise<void> {
    if (this.playing) return;
    this.playing = true;
    this.screen.busy(true);
    try {
      while (this.queue.length > 0 && !this.stopped) {
        const item = this.queue.shift()!;
        const late = performance.now() - item.t;
        const hidden = typeof document !== "undefined" && document.hidden;
        const animate = item.animate && !this.screen.reducedMotion() && !hidden && late < 1200 && this.queue.length < 3;
        try {
          await this.screen.play(item.state, animate, this.queue.length > 0 || late > 500);
        } catch {
          // Never leave the screen stale: draw the state as it is.
          this.screen.draw(item.state);
        }
      }
    } finally {
      this.playing = false;
      this.screen.busy(false);
      for (const resolve of this.waiters.splice(0)) resolve();
    }
  }
}
