import { describe, expect, it } from 'vitest';
import { trainerPersonaSeeds } from '../../../db/seed/reference/trainer-personas';
import { personaTexts } from '../../../i18n/persona-texts';
import { answerLocally, questionLanguage, searchKnowledge, type AnswerPersona } from './answer';

const persona = (slug: string): AnswerPersona => {
  const seed = trainerPersonaSeeds.find((p) => p.slug === slug);
  if (!seed) throw new Error(`no persona ${slug}`);
  return {
    name: seed.name,
    specialty: seed.specialty,
    tone: seed.tone,
    greeting: seed.greeting,
    exampleQuestions: seed.example_questions,
  };
};
const strength = persona('strength-coach');
const nutritionist = persona('sports-nutritionist');
const hiit = persona('hiit-conditioning-coach');

const slugsFor = (question: string, preferNutrition = false) =>
  searchKnowledge(question, { preferNutrition }).map((r) => r.entry.slug);

describe('knowledge retrieval', () => {
  it.each([
    ['How should I progress my squat if I have stalled for three weeks?', 'squat-plateau'],
    ['How much protein do I need per day to build muscle?', 'protein-needs'],
    ['What are good vegan protein sources for someone who lifts?', 'vegan-protein'],
    ['Is creatine safe to take?', 'creatine'],
    ['How many HIIT sessions a week is too many?', 'hiit-frequency'],
    ['What is the difference between Tabata and regular interval training?', 'tabata-protocol'],
    ['Should I train to failure on the bench press?', 'training-to-failure'],
    ['my knee hurts when I squat', 'knee-pain-squats'],
    ['How do I lose belly fat?', 'spot-reduction'],
    ['Is fish oil worth it?', 'omega-3'],
    ['How long should I sleep to recover?', 'sleep-and-recovery'],
    // Typos and word stems still find the entry (fuzzy + prefix).
    ['how much protien for muscle', 'protein-needs'],
    ['creatin', 'creatine'],
    // An acronym an entry goes by, asked about alone (one-word tags).
    ['What is DOMS?', 'doms'],
    ['What is TDEE?', 'maintenance-calories'],
    ['what is RIR?', 'rpe-rir'],
  ])('%s → cites %s', (question, slug) => {
    expect(slugsFor(question)).toContain(slug);
  });

  it.each([
    'flibbertigibbet wombat quantum',
    'What is the capital of France?',
    'Who won the world cup in 2010?',
    'How do I fix my car engine?',
    'bitcoin price prediction',
    'tell me a joke',
  ])('finds nothing for an unrelated question: %s', (question) => {
    expect(slugsFor(question)).toEqual([]);
  });

  it('ranks nutrition first for the nutritionist', () => {
    const general = searchKnowledge('what to eat for recovery after training');
    const nutrition = searchKnowledge('what to eat for recovery after training', {
      preferNutrition: true,
    });
    expect(nutrition[0]?.entry.topic).toMatch(/nutrition|supplements/);
    expect(general.length).toBeGreaterThan(0);
  });
});

describe('answers', () => {
  it('answers in the persona voice and cites the entries used', () => {
    const a = answerLocally({
      question: 'How much protein do I need per day to build muscle?',
      action: 'nutritionist',
      persona: nutritionist,
      memories: [],
    });
    expect(a.citations[0]).toEqual({
      slug: 'protein-needs',
      title: 'How much protein to build muscle',
    });
    expect(a.answer).toContain('1.6 to 2.2 grams');
    // Priya's tone is warm and calm: the warm voice frames the answer.
    expect(a.answer).toContain("Thanks for asking, it's a good one.");
  });

  it('frames the same answer differently per persona', () => {
    const q = 'How many HIIT sessions a week is too many?';
    const fromHiit = answerLocally({ question: q, action: 'trainer', persona: hiit, memories: [] });
    const fromStrength = answerLocally({
      question: q,
      action: 'trainer',
      persona: strength,
      memories: [],
    });
    expect(fromHiit.citations).toEqual(fromStrength.citations);
    expect(fromHiit.answer).not.toBe(fromStrength.answer);
    expect(fromHiit.answer).toContain("let's get into it!");
    expect(fromStrength.answer).toContain('Straight to it.');
  });

  it('says when a question is outside the persona specialty', () => {
    const a = answerLocally({
      question: 'What are good vegan protein sources?',
      action: 'trainer',
      persona: hiit,
      memories: [],
    });
    expect(a.answer).toMatch(/Nutrition is outside my main area/);
  });

  it('says plainly when nothing relevant is known, with no citations', () => {
    const a = answerLocally({
      question: 'What is the capital of France?',
      action: 'trainer',
      persona: strength,
      memories: [],
    });
    expect(a.citations).toEqual([]);
    expect(a.answer).toContain("I don't have anything in my notes that answers that");
    expect(a.answer).toContain(strength.exampleQuestions[0]);
  });

  it('brings in the knee boundary when the member remembers a bad knee and asks about squats', () => {
    const withMemory = answerLocally({
      question: 'How should I progress my squat if I have stalled for three weeks?',
      action: 'trainer',
      persona: strength,
      memories: [{ kind: 'injury', fact: 'I have a bad knee' }],
    });
    expect(withMemory.answer).toContain('You told me: "I have a bad knee"');
    expect(withMemory.answer).toMatch(/see a physiotherapist/);
    expect(withMemory.citations.map((c) => c.slug)).toContain('bad-knee-alternatives');
    // Said once, even when the question itself also finds the entry.
    const kneeSquat = answerLocally({
      question: 'Which leg exercises are good with a bad knee instead of squats?',
      action: 'trainer',
      persona: strength,
      memories: [{ kind: 'injury', fact: 'I have a bad knee' }],
    });
    expect(kneeSquat.answer.split('box squats to a comfortable height')).toHaveLength(2);

    const without = answerLocally({
      question: 'How should I progress my squat if I have stalled for three weeks?',
      action: 'trainer',
      persona: strength,
      memories: [],
    });
    expect(without.answer).not.toContain('You told me');
    // A remembered knee does not colour an answer about something else.
    const unrelated = answerLocally({
      question: 'How much protein do I need?',
      action: 'trainer',
      persona: strength,
      memories: [{ kind: 'injury', fact: 'I have a bad knee' }],
    });
    expect(unrelated.answer).not.toContain('You told me');
  });

  it('is deterministic', () => {
    const input = {
      question: 'Should I stretch after training?',
      action: 'trainer' as const,
      persona: strength,
      memories: [],
    };
    expect(answerLocally(input)).toEqual(answerLocally(input));
  });
});

/** A persona as a Spanish member meets it: the seed's name, the Spanish catalogue's words. */
const personaEs = (slug: string): AnswerPersona => {
  const english = persona(slug);
  const text = personaTexts.es[slug];
  if (!text) return english;
  return {
    name: english.name,
    specialty: text.specialty,
    tone: text.tone,
    greeting: text.greeting,
    exampleQuestions: text.example_questions,
  };
};

describe('knowledge retrieval in Spanish', () => {
  const slugsEs = (question: string) =>
    searchKnowledge(question, { locale: 'es' }).map((r) => r.entry.slug);

  it.each([
    ['¿Cómo rompo un estancamiento en sentadilla?', 'squat-plateau'],
    ['¿Cuánta proteína necesito al día para ganar músculo?', 'protein-needs'],
    // Typed without accents, as on many phones.
    ['proteina vegana', 'vegan-protein'],
    ['¿Qué son las agujetas?', 'doms'],
    ['Me duele la rodilla al hacer sentadillas', 'knee-pain-squats'],
    ['¿Cuántas sesiones de HIIT a la semana son demasiadas?', 'hiit-frequency'],
    ['¿Es segura la creatina?', 'creatine'],
    ['¿Cuántas horas debo dormir para recuperarme?', 'sleep-and-recovery'],
    ['¿Cómo pierdo grasa abdominal?', 'spot-reduction'],
    ['¿Debo entrenar al fallo en press banca?', 'training-to-failure'],
  ])('%s → cites %s', (question, slug) => {
    expect(slugsEs(question)).toContain(slug);
  });

  it.each([
    '¿Cuál es la capital de Francia?',
    'cuéntame un chiste',
    '¿Quién ganó el mundial de 2010?',
    '¿Cómo arreglo el motor de mi coche?',
  ])('finds nothing for an unrelated question: %s', (question) => {
    expect(slugsEs(question)).toEqual([]);
  });

  it('reads the question in the language it is written in, else the member’s', () => {
    expect(questionLanguage('How much protein do I need?', 'es')).toBe('en');
    expect(questionLanguage('¿Cuánta proteína necesito?', 'en')).toBe('es');
    expect(questionLanguage('creatina', 'es')).toBe('es');
    expect(questionLanguage('creatine', 'en')).toBe('en');
  });

  it('answers a Spanish member who types in English with the Spanish entries', () => {
    const found = searchKnowledge('How much protein do I need per day to build muscle?', {
      locale: 'es',
    });
    expect(found[0]?.entry.slug).toBe('protein-needs');
    expect(found[0]?.entry.title).toMatch(/proteína/i);
  });

  it('finds the warm-up for the conjugated "caliento" (Snowball keeps calient- apart from calent-)', () => {
    const found = searchKnowledge('¿Cómo caliento antes de correr?', { locale: 'es' });
    expect(found.map((r) => r.entry.slug)).toContain('warm-up');
  });

  it('answers a question that mixes English with Spanish small words', () => {
    // "antes de" are Spanish small words, not two more terms the English entry failed to match.
    const found = searchKnowledge('how do I warm up antes de correr', { locale: 'es' });
    expect(found.map((r) => r.entry.slug)).toContain('warm-up');
  });
});

describe('answers in Spanish', () => {
  it('words the whole answer in Spanish, in the persona’s voice, citing Spanish titles', () => {
    const a = answerLocally({
      question: '¿Cuánta proteína necesito al día para ganar músculo?',
      action: 'nutritionist',
      persona: personaEs('sports-nutritionist'),
      memories: [],
      locale: 'es',
    });
    expect(a.citations[0]?.slug).toBe('protein-needs');
    expect(a.citations[0]?.title).toMatch(/proteína/i);
    expect(a.answer).toContain('Gracias por preguntar, es una buena pregunta.');
    expect(a.answer).toContain('1,6');
    expect(a.answer).not.toMatch(/Thanks for asking|grams/);
  });

  it('says plainly in Spanish when nothing is known, offering a Spanish example question', () => {
    const strengthEs = personaEs('strength-coach');
    const a = answerLocally({
      question: '¿Cuál es la capital de Francia?',
      action: 'trainer',
      persona: strengthEs,
      memories: [],
      locale: 'es',
    });
    expect(a.citations).toEqual([]);
    expect(a.answer).toContain('No tengo nada en mis notas que responda a eso');
    expect(a.answer).toContain(`«${strengthEs.exampleQuestions[0]}»`);
  });

  it('says in Spanish when a question is outside the persona’s specialty', () => {
    const a = answerLocally({
      question: '¿Cuáles son buenas fuentes de proteína vegana?',
      action: 'trainer',
      persona: personaEs('hiit-conditioning-coach'),
      memories: [],
      locale: 'es',
    });
    expect(a.answer).toMatch(/La nutrición queda fuera de mi área principal/);
  });

  it('keeps the Spanish outside-specialty sentence grammatical for a plural topic', () => {
    const a = answerLocally({
      question: '¿Sirve de algo la creatina?',
      action: 'trainer',
      persona: personaEs('strength-coach'),
      memories: [],
      locale: 'es',
    });
    expect(a.citations.length).toBeGreaterThan(0);
    expect(a.answer).toMatch(/El consejo sobre suplementos queda fuera de mi área principal/);
  });

  it('brings in the knee boundary for a remembered Spanish knee injury and a squat question', () => {
    const a = answerLocally({
      question: '¿Cómo rompo un estancamiento en sentadilla?',
      action: 'trainer',
      persona: personaEs('strength-coach'),
      memories: [{ kind: 'injury', fact: 'Me duele la rodilla' }],
      locale: 'es',
    });
    expect(a.answer).toContain('Me dijiste: «Me duele la rodilla»');
    expect(a.citations.map((c) => c.slug)).toContain('bad-knee-alternatives');
    expect(a.answer).toMatch(/fisioterapeuta|médico/);
  });
});

describe('a message that only states something', () => {
  const base = { action: 'trainer' as const, memories: [] };

  it('is acknowledged, not answered from the notes (no protein bars for "No tengo barra")', () => {
    const a = answerLocally({
      ...base,
      question: 'No tengo barra',
      persona: personaEs('strength-coach'),
      locale: 'es',
      stated: [{ kind: 'equipment', fact: 'No tengo barra' }],
    });
    expect(a.citations).toEqual([]);
    expect(a.answer).toContain('Anotado: tendré en cuenta «No tengo barra».');
    const english = answerLocally({
      ...base,
      question: 'I hate running.',
      persona: strength,
      stated: [{ kind: 'dislike', fact: 'I hate running' }],
    });
    expect(english.citations).toEqual([]);
    expect(english.answer).toContain(
      'Noted: I’ll keep “I hate running” in mind.'.replace('’', "'"),
    );
  });

  it('still answers an injury, and anything with a question in it', () => {
    const injury = answerLocally({
      ...base,
      question: 'Me duele la rodilla al hacer sentadillas',
      persona: personaEs('strength-coach'),
      locale: 'es',
      stated: [{ kind: 'injury', fact: 'Me duele la rodilla al hacer sentadillas' }],
    });
    expect(injury.citations.length).toBeGreaterThan(0);
    const asked = answerLocally({
      ...base,
      question: 'No tengo barra. ¿Cuánta proteína necesito al día?',
      persona: personaEs('sports-nutritionist'),
      locale: 'es',
      stated: [{ kind: 'equipment', fact: 'No tengo barra' }],
    });
    expect(asked.citations[0]?.slug).toBe('protein-needs');
    // A fact said in passing inside a longer request is remembered, and the request answered.
    const longer = answerLocally({
      ...base,
      question: 'I hate running, so what cardio can I do to get fitter instead',
      persona: persona('hiit-conditioning-coach'),
      stated: [{ kind: 'dislike', fact: 'I hate running' }],
    });
    expect(longer.answer).not.toContain('Noted:');
  });
});
