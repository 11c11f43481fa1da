import { describe, expect, it } from 'vitest';
import { excludedBy, exclusionsFromMemories } from './memory-exclusions';
import { seedCatalogue } from './session-test-catalogue';

const find = (slug: string) => seedCatalogue.find((e) => e.slug === slug)!;

describe('exclusionsFromMemories', () => {
  it('keeps deep knee flexion out after a knee injury, with the reason', () => {
    const rules = exclusionsFromMemories([
      { kind: 'injury', fact: 'Torn meniscus in my right knee' },
    ]);
    expect(excludedBy(find('barbell-back-squat'), rules)?.what).toMatch(/deep knee flexion/);
    expect(excludedBy(find('bodyweight-reverse-lunge'), rules)).toBeDefined();
    expect(excludedBy(find('push-up'), rules)).toBeUndefined();
    expect(rules[0]!.because).toContain('Torn meniscus in my right knee');
  });
  it('keeps overhead work out after a shoulder injury and named exercises out after a dislike', () => {
    const rules = exclusionsFromMemories([
      { kind: 'injury', fact: 'sore shoulder' },
      { kind: 'dislike', fact: 'I hate burpees' },
    ]);
    expect(excludedBy(find('handstand-push-up'), rules)).toBeDefined();
    expect(excludedBy(find('burpee'), rules)?.what).toMatch(/burpee/);
    expect(excludedBy(find('plank'), rules)).toBeUndefined();
  });
  it('words what is left out and why in the member’s language', () => {
    const [knee, dislike] = exclusionsFromMemories(
      [
        { kind: 'injury', fact: 'Torn meniscus in my right knee' },
        { kind: 'dislike', fact: 'odio los burpees' },
      ],
      'es',
    );
    expect(knee!.what).toBe(
      'el trabajo de flexión profunda de rodilla (sentadillas, zancadas, saltos)',
    );
    expect(knee!.because).toBe('me dijiste: «Torn meniscus in my right knee»');
    expect(dislike!.what).toBe('los ejercicios que no te gustan (burpee)');
    expect(excludedBy(find('burpee'), [dislike!])).toBeDefined();
  });
  it('ignores goals and equipment facts', () => {
    expect(
      exclusionsFromMemories([{ kind: 'goal', fact: 'run a 10k with a healthy knee' }]),
    ).toEqual([]);
  });
});
