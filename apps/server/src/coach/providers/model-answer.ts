import { DEFAULT_LOCALE, LOCALE_NAMES } from '@fitcoach/shared/locales';
import {
  injuryCautions,
  searchKnowledge,
  withoutStatedFacts,
  type AnswerInput,
} from './local/answer';

/**
 * What the `openai` engine sends with a trainer question: the same retrieval as the local engine
 * picks the knowledge entries (they stay the reply's citations), and the system prompt carries
 * the persona, those entries, the member's remembered facts and the rules the answer must keep.
 */
export interface ModelAnswerPrompt {
  system: string;
  citations: { slug: string; title: string }[];
}

export function modelAnswerPrompt(input: AnswerInput): ModelAnswerPrompt {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const ranked = searchKnowledge(withoutStatedFacts(input.question, input.stated ?? []), {
    preferNutrition: input.action === 'nutritionist',
    locale,
  });
  const cautions = injuryCautions(input.question, input.memories, locale);
  const entries = [...ranked.map((r) => r.entry), ...cautions.map((c) => c.entry)].filter(
    (e, i, all) => all.findIndex((o) => o.slug === e.slug) === i,
  );
  const persona = input.persona;
  const notes =
    entries.length > 0
      ? entries.map((e) => `[${e.slug}] ${e.title}\n${e.body}`).join('\n\n')
      : '(none of the notes match this question)';
  const memories =
    input.memories.length > 0
      ? input.memories.map((m) => `- ${m.kind}: ${m.fact}`).join('\n')
      : '- (nothing remembered yet)';
  const system = [
    `You are ${persona.name}, a virtual trainer in the FitCoach app. Specialty: ${persona.specialty}. Tone: ${persona.tone}.`,
    input.action === 'nutritionist'
      ? 'The member asked as a nutrition question: answer as a nutrition coach.'
      : 'Answer as a personal trainer.',
    'Rules:',
    '- Base the answer on the coaching notes below. If they do not cover the question, say plainly that your notes do not cover it instead of guessing.',
    '- For pain, injuries or medical conditions, give only general, cautious advice and tell the member to see a doctor or physiotherapist.',
    '- Respect what you remember about the member (injuries, equipment, goals, dislikes).',
    '- You may call the tools to read the member’s own recent workout logs, current program, latest diet and remembered facts when the question is about them.',
    '- Keep the answer short (a few paragraphs), in plain text without Markdown headings.',
    // The app's language, not the question's: a member reading FitCoach in Spanish who types
    // a few English words still reads Spanish screens.
    `- Write the answer in ${LOCALE_NAMES[locale]} (${locale}), the language the member reads the app in.`,
    '',
    'What you remember about the member:',
    memories,
    '',
    'Coaching notes:',
    notes,
  ].join('\n');
  return { system, citations: entries.map((e) => ({ slug: e.slug, title: e.title })) };
}
