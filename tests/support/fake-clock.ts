import type { Clock } from '../../application/shared/ports.js';

/** Real time plus an offset the test moves: deadlines and expiries without sleeping. */
export class FakeClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
