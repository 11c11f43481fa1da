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
  it('reads Spanish injury facts as the English ones', () => {
    const excluded = (fact: string, slug: string) =>
      excludedBy(find(slug), exclusionsFromMemories([{ kind: 'injury', fact }], 'es'))?.what;
    const knee = exclusionsFromMemories([{ kind: 'injury', fact: 'Me duele la rodilla' }], 'es');
    expect(knee).toHaveLength(1);
    expect(excludedBy(find('barbell-back-squat'), knee)?.what).toBe(
      'el trabajo de flexión profunda de rodilla (sentadillas, zancadas, saltos)',
    );
    expect(excludedBy(find('bodyweight-reverse-lunge'), knee)).toBeDefined();
    expect(excludedBy(find('push-up'), knee)).toBeUndefined();
    expect(knee[0]!.because).toBe('me dijiste: «Me duele la rodilla»');
    // Each Spanish body part leaves out what the English one does, and nothing else.
    for (const [fact, english, loads, spares] of [
      ['Tengo una lesión en el hombro', 'sore shoulder', 'handstand-push-up', 'goblet-squat'],
      ['Me operaron de la espalda', 'back surgery', 'barbell-deadlift', 'dumbbell-biceps-curl'],
      ['Tengo una hernia discal en la zona lumbar', 'herniated disc', 'barbell-deadlift', 'plank'],
      ['Me duele la columna', 'my spine hurts', 'barbell-deadlift', 'push-up'],
      ['Me lesioné la muñeca', 'wrist sprain', 'push-up', 'goblet-squat'],
      ['Me torcí el tobillo', 'sprained ankle', 'jump-rope-basic-bounce', 'push-up'],
      [
        'Tengo tendinitis en el tendón de Aquiles',
        'achilles tendinitis',
        'jump-rope-basic-bounce',
        'plank',
      ],
      ['Me duele la cadera', 'my hip hurts', 'bulgarian-split-squat', 'push-up'],
      ['Tengo una rotura de menisco', 'torn meniscus', 'goblet-squat', 'push-up'],
    ] as const) {
      expect(excluded(fact, loads), fact).toBeDefined();
      expect(excluded(fact, loads), fact).toBe(excluded(english, loads));
      expect(excluded(fact, spares), fact).toBeUndefined();
    }
  });
  it('reads a Spanish injury said in passing, and not other Spanish facts, as an injury', () => {
    expect(
      exclusionsFromMemories([{ kind: 'other', fact: 'Tengo dolor de muñeca desde hace meses' }]),
    ).toHaveLength(1);
    expect(exclusionsFromMemories([{ kind: 'other', fact: 'Entreno por la rodilla' }])).toEqual([]);
    // Spanish "discos" are weight plates, not spinal discs; "discomfort" is not a disc either.
    expect(
      exclusionsFromMemories([{ kind: 'injury', fact: 'Me lesioné la rodilla cargando discos' }])
        .length,
    ).toBe(1);
    expect(exclusionsFromMemories([{ kind: 'injury', fact: 'shoulder discomfort' }]).length).toBe(
      1,
    );
  });
  it('ignores goals and equipment facts', () => {
    expect(
      exclusionsFromMemories([{ kind: 'goal', fact: 'run a 10k with a healthy knee' }]),
    ).toEqual([]);
    // Kit the member lacks is not an injury: "barra" (barbell) loads no joint here.
    expect(
      exclusionsFromMemories(
        [
          { kind: 'equipment', fact: 'No tengo barra' },
          { kind: 'equipment', fact: 'Solo tengo mancuernas y una banda elástica' },
          { kind: 'equipment', fact: 'Entreno en casa sin material' },
          { kind: 'goal', fact: 'Mi objetivo es correr una maratón sin dolor de rodilla' },
        ],
        'es',
      ),
    ).toEqual([]);
  });
});
