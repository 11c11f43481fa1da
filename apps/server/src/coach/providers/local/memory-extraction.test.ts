import { describe, expect, it } from 'vitest';
import { extractMemories, memoryKey } from './memory-extraction';

describe('memory extraction', () => {
  it.each([
    ['I have a bad knee', 'injury', 'I have a bad knee'],
    ['my lower back hurts, what should I do?', 'injury', 'My lower back hurts'],
    ['I sprained my ankle last month.', 'injury', 'I sprained my ankle last month'],
    ['I only have dumbbells at home', 'equipment', 'I only have dumbbells at home'],
    [
      "I've got a kettlebell and a pull-up bar",
      'equipment',
      "I've got a kettlebell and a pull-up bar",
    ],
    ['I hate burpees', 'dislike', 'I hate burpees'],
    ["I really don't like running.", 'dislike', "I really don't like running"],
    ['my goal is to run a marathon', 'goal', 'My goal is to run a marathon'],
    ["I'm training for a half marathon in May", 'goal', "I'm training for a half marathon in May"],
  ])('%s → %s', (text, kind, fact) => {
    expect(extractMemories(text)).toEqual([{ kind, fact }]);
  });

  it('finds several facts in one message', () => {
    const found = extractMemories(
      'I have a bad knee and I only have dumbbells at home. Also, I hate burpees. My goal is to lose 5 kg.',
    );
    expect(found.map((f) => f.kind)).toEqual(['injury', 'dislike', 'goal']);
    // "and" joins two facts in one clause: the injury is kept (it matters most for safety).
    expect(found[0]?.fact).toContain('bad knee');
  });

  it.each([
    'How much protein do I need?',
    'What if my knee hurts?',
    'Should I squat with a bad knee?',
    'Is it bad to train every day?',
    'I want to know how to deadlift',
    'Can you give me a 20-minute HIIT workout?',
    'Squats are great for the legs.',
  ])('takes nothing from a question or a general statement: %s', (text) => {
    expect(extractMemories(text)).toEqual([]);
  });

  it('keeps one memory per subject', () => {
    const found = extractMemories('I have a bad knee. My knee hurts when I run.');
    expect(found).toHaveLength(1);
    expect(memoryKey({ kind: 'injury', fact: 'I have a bad knee' })).toBe(
      memoryKey({ kind: 'injury', fact: 'My knees hurt' }),
    );
    expect(memoryKey({ kind: 'injury', fact: 'I have a bad knee' })).not.toBe(
      memoryKey({ kind: 'injury', fact: 'My shoulder hurts' }),
    );
    expect(memoryKey({ kind: 'dislike', fact: 'I hate burpees' })).toBe(
      memoryKey({ kind: 'dislike', fact: 'I really hate burpee' }),
    );
  });
});
