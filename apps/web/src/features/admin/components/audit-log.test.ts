import { describe, expect, it } from 'vitest';
import { describeChange } from './audit-log';

describe('describeChange', () => {
  it('lists only the fields that changed', () => {
    expect(
      describeChange(
        { role: 'coach', status: 'active' },
        { role: 'coach', status: 'suspended', sessions_ended: 2 },
      ),
    ).toEqual(['status: active → suspended', 'sessions_ended: — → 2']);
  });
  it('lists what a deletion held, or what an announcement said', () => {
    expect(describeChange({ role: 'member', workouts: 3 }, null)).toEqual([
      'role: member',
      'workouts: 3',
    ]);
    expect(describeChange(null, { title: 'Hi' })).toEqual(['title: Hi']);
    expect(describeChange(null, null)).toEqual([]);
  });
});
