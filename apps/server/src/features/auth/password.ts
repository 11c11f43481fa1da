import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, t=2, p=1).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
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
  dummyHash ??= hash('fitcoach-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
