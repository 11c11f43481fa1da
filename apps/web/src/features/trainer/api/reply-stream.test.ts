import { clientRequestIdSchema } from '@fitcoach/shared/trainer';
import { describe, expect, it } from 'vitest';
import { newClientRequestId } from './reply-stream';

describe('newClientRequestId', () => {
  it('makes ids the server accepts, a new one each time', () => {
    const ids = Array.from({ length: 200 }, () => newClientRequestId());
    for (const id of ids) expect(clientRequestIdSchema.safeParse(id).success).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
