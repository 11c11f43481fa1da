import { describe, expect, it } from 'vitest';
import { personaTexts } from '../../../i18n/persona-texts';
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

describe('memory extraction in Spanish', () => {
  it.each([
    ['No tengo barra', 'equipment', 'No tengo barra', 'equipment:no barbell'],
    [
      'Solo tengo mancuernas y una banda elástica',
      'equipment',
      'Solo tengo mancuernas y una banda elástica',
      'equipment:dumbbell+resistance band',
    ],
    ['Me duele la rodilla', 'injury', 'Me duele la rodilla', 'injury:knee'],
    ['Tengo una lesión en el hombro', 'injury', 'Tengo una lesión en el hombro', 'injury:shoulder'],
    ['Me operaron de la espalda.', 'injury', 'Me operaron de la espalda', 'injury:back'],
    [
      'Me duele la parte baja de la espalda',
      'injury',
      'Me duele la parte baja de la espalda',
      'injury:lower back',
    ],
    ['Me torcí el tobillo', 'injury', 'Me torcí el tobillo', 'injury:ankle'],
    [
      'Tengo tendinitis en el Aquiles',
      'injury',
      'Tengo tendinitis en el Aquiles',
      'injury:achilles',
    ],
    ['Me lesioné la muñeca', 'injury', 'Me lesioné la muñeca', 'injury:wrist'],
    ['¡Odio correr!', 'dislike', 'Odio correr', 'dislike:correr'],
    [
      'No me gustan las sentadillas',
      'dislike',
      'No me gustan las sentadillas',
      'dislike:sentadilla',
    ],
    ['Y además odio los burpees', 'dislike', 'Odio los burpees', 'dislike:burpee'],
    [
      'Mi objetivo es correr una maratón',
      'goal',
      'Mi objetivo es correr una maratón',
      'goal:mi objetivo es correr una maraton',
    ],
    ['Quiero perder 5 kilos', 'goal', 'Quiero perder 5 kilos', 'goal:quiero perder 5 kilos'],
    ['Entreno en casa sin material', 'equipment', 'Entreno en casa sin material', 'equipment:none'],
    [
      'Tengo una barra de dominadas',
      'equipment',
      'Tengo una barra de dominadas',
      'equipment:pull-up bar',
    ],
    [
      'Tengo una barra y discos',
      'equipment',
      'Tengo una barra y discos',
      'equipment:barbell+plate',
    ],
    [
      'No tengo ni barra ni banco',
      'equipment',
      'No tengo ni barra ni banco',
      'equipment:no barbell+no bench',
    ],
    [
      'Tengo mancuernas y no tengo barra',
      'equipment',
      'Tengo mancuernas y no tengo barra',
      'equipment:dumbbell+no barbell',
    ],
    ['Tengo una pesa rusa', 'equipment', 'Tengo una pesa rusa', 'equipment:kettlebell'],
    // A body part named without an injury: the goal is what is stated.
    [
      'Mi objetivo es correr una maratón sin dolor de rodilla',
      'goal',
      'Mi objetivo es correr una maratón sin dolor de rodilla',
      'goal:mi objetivo es correr una maraton sin dolor de rodilla',
    ],
  ])('%s → %s', (text, kind, fact, key) => {
    const found = extractMemories(text);
    expect(found).toEqual([{ kind, fact }]);
    expect(memoryKey(found[0]!)).toBe(key);
  });

  it('keeps the statement and drops the question in one message', () => {
    expect(extractMemories('Me duele la rodilla, ¿qué hago?')).toEqual([
      { kind: 'injury', fact: 'Me duele la rodilla' },
    ]);
    // The closing "?" left off: the question still runs to the end of the message.
    expect(extractMemories('Me duele la rodilla ¿qué hago')).toEqual([
      { kind: 'injury', fact: 'Me duele la rodilla' },
    ]);
    expect(
      extractMemories('Tengo una lesión en el hombro. ¿Puedo hacer press, me duele la espalda?'),
    ).toEqual([{ kind: 'injury', fact: 'Tengo una lesión en el hombro' }]);
  });

  it.each([
    '¿Qué hago si me duele la rodilla?',
    '¿Puedo entrenar con dolor de espalda?',
    '¿Puedo entrenar con dolor de espalda',
    'Qué hago si me duele la rodilla',
    'que hago si me duele la rodilla',
    'Puedo entrenar con dolor de espalda',
    'Si me duele el hombro, ¿paro?',
    'Quiero saber cómo hacer peso muerto',
    'Quiero un entrenamiento de 20 minutos',
    'Las sentadillas son malas para las rodillas',
    'Ya no me duele la rodilla',
    // Stiff is not injured, in Spanish as in English.
    'Tengo la parte alta de la espalda rígida de pasar tantas horas en el escritorio',
  ])('takes nothing from a Spanish question or general statement: %s', (text) => {
    expect(extractMemories(text)).toEqual([]);
  });

  it('takes nothing from the Spanish example questions members can click', () => {
    for (const [slug, text] of Object.entries(personaTexts.es)) {
      for (const question of text.example_questions) {
        expect(extractMemories(question), `${slug}: ${question}`).toEqual([]);
      }
    }
  });

  it('keeps one memory per body part and kit, across languages', () => {
    const key = (kind: 'injury' | 'equipment' | 'dislike', fact: string) =>
      memoryKey({ kind, fact });
    expect(key('injury', 'Me duele la rodilla')).toBe(key('injury', 'I have a bad knee'));
    expect(key('injury', 'Tengo las rodillas mal')).toBe('injury:knee');
    expect(key('injury', 'Me duele el hombro')).toBe(key('injury', 'My shoulder hurts'));
    expect(key('injury', 'Me duele la muñeca')).not.toBe(key('injury', 'Me duele el tobillo'));
    expect(key('equipment', 'Solo tengo mancuernas y una banda elástica')).toBe(
      key('equipment', 'I only have dumbbells and a resistance band'),
    );
    expect(key('equipment', 'Tengo una pesa rusa')).toBe(key('equipment', 'I have a kettlebell'));
    expect(key('equipment', 'Entreno en casa sin material')).toBe(
      key('equipment', 'I have no equipment'),
    );
    expect(key('dislike', 'Odio los burpees')).toBe(key('dislike', 'I hate burpees'));
    // "barra" alone is a barbell; "barra de dominadas" a pull-up bar.
    expect(key('equipment', 'Tengo barra')).toBe(key('equipment', 'I have a barbell'));
    expect(key('equipment', 'Tengo una barra de dominadas')).toBe(
      key('equipment', "I've got a pull-up bar"),
    );
    // Lacking a barbell is neither owning one nor having no equipment at all.
    expect(key('equipment', 'No tengo barra')).toBe(key('equipment', "I don't have a barbell"));
    expect(key('equipment', 'No tengo barra')).not.toBe(key('equipment', 'Tengo una barra'));
    expect(key('equipment', 'No tengo barra')).not.toBe('equipment:none');
    expect(extractMemories('Me duele la rodilla. Tengo una lesión de rodilla.')).toHaveLength(1);
  });
});
