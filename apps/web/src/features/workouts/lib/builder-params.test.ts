import { describe, expect, it } from 'vitest';
import { readWorkoutBuilderParams } from './builder-params';

const read = (query: string) => readWorkoutBuilderParams(new URLSearchParams(query));

describe('readWorkoutBuilderParams', () => {
  it('edits the workout of workout_id when the action is update', () => {
    expect(read('tab=workout&action=update&workout_id=12')).toEqual({
      action: 'update',
      workoutId: 12,
    });
  });

  it('waits for a choice when update has no usable id', () => {
    expect(read('action=update')).toEqual({ action: 'update', workoutId: null });
    expect(read('action=update&workout_id=')).toEqual({ action: 'update', workoutId: null });
    expect(read('action=update&workout_id=abc')).toEqual({ action: 'update', workoutId: null });
    expect(read('action=update&workout_id=-3')).toEqual({ action: 'update', workoutId: null });
  });

  it('creates for any other action, or none', () => {
    expect(read('')).toEqual({ action: 'create', workoutId: null });
    expect(read('tab=workout&action=create')).toEqual({ action: 'create', workoutId: null });
    expect(read('action=edit&workout_id=12')).toEqual({ action: 'create', workoutId: null });
    expect(read('action=UPDATE&workout_id=12')).toEqual({ action: 'create', workoutId: null });
  });
});
