/**
 * The server's idea of now. Rules that depend on the date (a challenge opens, closes, is over)
 * read it from here, never from `Date.now()`, so the server alone judges time and tests move it
 * instead of waiting (docs/decisions/0028).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves. */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: Date | string = new Date()) {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(to: Date | string): void {
    this.at = new Date(to).getTime();
  }

  advanceDays(days: number): void {
    this.at += days * 86_400_000;
  }
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);
