import { hash, verify } from '@node-rs/argon2';
import { Bulkhead } from '../../lib/bulkhead';
import { HttpError } from '../../lib/http-error';
import { text } from '../../i18n/i18n';

const busy = () => new HttpError(503, 'service_unavailable', text('errors:busy'));

/**
 * Every argon2 hash and verify takes a turn here: a flood of sign-ins and sign-ups cannot take
 * every thread and core from the other requests (docs/decisions/0014). One per process; the
 * app sets its size from PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE.
 */
let hashing = new Bulkhead(2, 32, busy);
let refusalHoldMs = 0;

export function limitPasswordHashing(concurrency: number, queue: number, holdMs = 0): void {
  hashing = new Bulkhead(concurrency, queue, busy);
  refusalHoldMs = holdMs;
}

/** The most hashes that ran at once since the last `limitPasswordHashing`. */
export function passwordHashingPeak(): number {
  return hashing.peak;
}

/**
 * Refuses at once (503) while hashing is full. Routes that hash call it before their body is
 * parsed: under a flood of sign-ins, most of the event loop went into parsing, CSRF and rate
 * limit checks of requests the queue then refused (bench/RESULTS.md, sign-in flood).
 */
export function refuseWhenHashingFull(): void {
  if (hashing.full) throw (refusal ??= busy());
}

/** Requests held at once; beyond it they are refused at once (each holds a socket). */
const MAX_HELD = 1000;
let held = 0;

/**
 * `refuseWhenHashingFull`, but a request that finds hashing full is held for
 * PASSWORD_HASH_REFUSAL_HOLD_MS first, then refused if hashing is still full. Refusing at once
 * let a flood of 64 connections send about 1,300 sign-ins a second that the event loop had to
 * read, route and answer, and `/health` waited its turn behind them; held, each connection
 * sends one a second. A member who signs in during a short burst gets through when a turn frees.
 */
export async function holdThenRefuseWhenHashingFull(): Promise<void> {
  if (!hashing.full) return;
  if (refusalHoldMs === 0 || held >= MAX_HELD) refuseWhenHashingFull();
  held += 1;
  try {
    await new Promise((resolve) => setTimeout(resolve, refusalHoldMs));
  } finally {
    held -= 1;
  }
  refuseWhenHashingFull();
}
// One error for every refusal: a flood makes a thousand a second, and each new Error captures a
// stack (made on first use, once the catalogues are loaded).
let refusal: HttpError | undefined;

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, t=2, p=1).
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A malformed stored hash is a failed check, never a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that "no such email" costs as much time as
 * "wrong password": the answer's timing does not tell which of the two was wrong.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  // Made outside the queue: it is made once, and a refused first attempt must not keep it.
  dummyHash ??= hash('fitcoach-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
