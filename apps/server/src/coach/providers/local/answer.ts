import MiniSearch, { type SearchResult } from 'minisearch';
import { knowledgeBase } from '../../knowledge/knowledge-base';
import type { KnowledgeEntry, KnowledgeTopic } from '../../knowledge/knowledge-entry';

/** The persona whose voice frames the answer (a trainer_personas row, as the engine needs it). */
export interface AnswerPersona {
  name: string;
  specialty: string;
  tone: string;
  greeting: string;
  exampleQuestions: string[];
}

export interface AnswerMemory {
  kind: 'injury' | 'equipment' | 'goal' | 'dislike' | 'other';
  fact: string;
}

export interface AnswerInput {
  question: string;
  /** `nutritionist` prefers nutrition and supplement entries; `trainer` (and chat) ranks all alike. */
  action: 'nutritionist' | 'trainer';
  persona: AnswerPersona;
  memories: AnswerMemory[];
}

export interface Answer {
  answer: string;
  citations: { slug: string; title: string }[];
}

/**
 * What answers trainer questions. `local` retrieves from the authored knowledge base; an
 * `openai` provider can implement the same shape (and fall back to this one).
 */
export interface TrainerAnswerer {
  readonly name: string;
  answer(input: AnswerInput): Promise<Answer>;
}

/**
 * Words that carry no topic: without dropping them, "how do I …" would match every entry that
 * says "how" and nonsense would look relevant.
 */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing don down during each few for from further
  get got had has have having he her here hers him his how i if in into is it its itself just
  me more most my myself no nor not now of off on once only or other our out over own same she
  should so some such than that the their them then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you
  your yours yourself tell give know want need good best better much many way ways really
  thing things something anything okay ok please help hi hello hey thanks thank`
    .split(/\s+/)
    .filter(Boolean),
);

function processTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/['’]s$/, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  return t;
}

interface IndexedEntry {
  slug: string;
  title: string;
  topic: KnowledgeTopic;
  tags: string;
  /** The entry's one-word tags again: see the index's boost. */
  keywords: string;
  body: string;
}

/** Built once when the module loads: the knowledge base is part of the code, not the data. */
const index = new MiniSearch<IndexedEntry>({
  idField: 'slug',
  fields: ['title', 'tags', 'keywords', 'body'],
  storeFields: ['slug', 'title', 'topic'],
  processTerm,
  searchOptions: {
    // A one-word tag is a name the entry goes by (DOMS, TDEE, RIR): a question naming it alone,
    // "What is DOMS?", must clear MIN_SCORE, which a single tag match in a long tag list misses.
    boost: { title: 3, tags: 2.5, keywords: 1, body: 1 },
    // Short words are too easy to misread: "leg" must not fuzzily become "egg".
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 7 ? 0.3 : term.length >= 5 ? 0.2 : false),
    combineWith: 'OR',
  },
});
index.addAll(
  knowledgeBase.map((e) => ({
    ...e,
    tags: e.tags.join(' '),
    keywords: e.tags.filter((t) => !/\s/.test(t)).join(' '),
  })),
);

const bySlug = new Map<string, KnowledgeEntry>(knowledgeBase.map((e) => [e.slug, e]));

/** Below this, the best match is noise: the engine says it has nothing rather than guess. */
export const MIN_SCORE = 20;
/** An entry joins the answer when it scores at least this share of the best one. */
const RELATIVE_CUTOFF = 0.55;
const MAX_CITED = 3;

const NUTRITION_TOPICS: ReadonlySet<KnowledgeTopic> = new Set(['nutrition', 'supplements']);

export interface RankedEntry {
  entry: KnowledgeEntry;
  score: number;
}

/** The entries relevant to a question, best first; empty when nothing clears the threshold. */
export function searchKnowledge(
  question: string,
  options: { preferNutrition?: boolean } = {},
): RankedEntry[] {
  const results: SearchResult[] = index.search(question, {
    ...(options.preferNutrition
      ? {
          boostDocument: (_id, _term, stored) =>
            NUTRITION_TOPICS.has((stored as { topic: KnowledgeTopic }).topic) ? 1.6 : 1,
        }
      : {}),
  });
  const top = results[0];
  if (!top || top.score < MIN_SCORE) return [];
  // One stray word matching is not relevance: a longer question needs two of its words matched.
  const meaningful = new Set(
    question
      .split(/[^\p{L}\p{N}']+/u)
      .map((t) => processTerm(t))
      .filter((t): t is string => t !== null),
  );
  if (meaningful.size >= 3 && top.queryTerms.length < 2) return [];
  return results
    .filter((r) => r.score >= top.score * RELATIVE_CUTOFF)
    .slice(0, MAX_CITED)
    .flatMap((r) => {
      const entry = bySlug.get(String(r.id));
      return entry ? [{ entry, score: r.score }] : [];
    });
}

/** Body parts a remembered injury can name, the movements that load them and the entry to cite. */
const BODY_PARTS: { part: string; words: RegExp; loadedBy: RegExp; entry: string }[] = [
  {
    part: 'knee',
    words: /\bknees?\b|\bmeniscus\b|\bacl\b|\bpatell/i,
    loadedBy:
      /squat|lunge|leg press|jump|pistol|step[- ]?up|run|sprint|leg extension|hack|legs?\b/i,
    entry: 'bad-knee-alternatives',
  },
  {
    part: 'lower back',
    words: /\bback\b|\bspine\b|\bdisc\b|\bsciatica\b|\blumbar\b/i,
    loadedBy: /deadlift|squat|row|good morning|swing|hinge|clean|snatch|sit[- ]?up|crunch|back/i,
    entry: 'lower-back-alternatives',
  },
  {
    part: 'shoulder',
    words: /\bshoulders?\b|\brotator\b/i,
    loadedBy: /press|bench|overhead|push[- ]?up|dip|pull[- ]?up|chin[- ]?up|raise|snatch|shoulder/i,
    entry: 'shoulder-impingement',
  },
  {
    part: 'wrist',
    words: /\bwrists?\b/i,
    loadedBy: /push[- ]?up|press|bench|plank|burpee|clean|wrist/i,
    entry: 'wrist-pain',
  },
  {
    part: 'elbow',
    words: /\belbows?\b/i,
    loadedBy: /curl|pull[- ]?up|chin[- ]?up|skull|extension|dip|row|elbow/i,
    entry: 'tennis-elbow',
  },
  {
    part: 'ankle',
    words: /\bankles?\b|\bachilles\b/i,
    loadedBy: /run|jump|sprint|calf|skip|box|plyo|ankle|hiit|burpee/i,
    entry: 'ankle-sprain',
  },
  {
    part: 'hip',
    words: /\bhips?\b/i,
    loadedBy: /squat|lunge|deadlift|hip|run|thrust/i,
    entry: 'hip-pain',
  },
  {
    part: 'neck',
    words: /\bneck\b/i,
    loadedBy: /shrug|overhead|press|neck|crunch/i,
    entry: 'neck-pain',
  },
];

/** Remembered injuries this question's movements would load, with the entry that draws the line. */
export function injuryCautions(
  question: string,
  memories: AnswerMemory[],
): { fact: string; entry: KnowledgeEntry }[] {
  const out: { fact: string; entry: KnowledgeEntry }[] = [];
  for (const memory of memories) {
    if (memory.kind !== 'injury') continue;
    const part = BODY_PARTS.find((p) => p.words.test(memory.fact));
    if (!part || !part.loadedBy.test(question)) continue;
    const entry = bySlug.get(part.entry);
    if (entry && !out.some((o) => o.entry.slug === entry.slug))
      out.push({ fact: memory.fact, entry });
  }
  return out;
}

/** How a persona sounds, read from the words of its tone (personas are data, not code). */
interface Voice {
  open: (persona: AnswerPersona) => string;
  link: string;
  close: string;
}

const VOICES: { match: RegExp; voice: Voice }[] = [
  {
    match: /upbeat|energ|motivat|punchy/i,
    voice: {
      open: () => "Great question, let's get into it!",
      link: 'And one more thing:',
      close: 'You have got this. Go make every minute count!',
    },
  },
  {
    match: /warm|calm|gentle|kind|patient/i,
    voice: {
      open: () => "Thanks for asking, it's a good one.",
      link: 'It also helps to know:',
      close: 'Take it one step at a time, and tell me how it goes.',
    },
  },
  {
    match: /direct|short|blunt|no-nonsense/i,
    voice: {
      open: () => 'Straight to it.',
      link: 'Also:',
      close: 'Keep it simple and keep showing up.',
    },
  },
];

const DEFAULT_VOICE: Voice = {
  open: (persona) => `${persona.name} here.`,
  link: 'Worth knowing too:',
  close: 'Ask me anything else you want to dig into.',
};

function voiceOf(persona: AnswerPersona): Voice {
  return VOICES.find((v) => v.match.test(persona.tone))?.voice ?? DEFAULT_VOICE;
}

/** Which topics a persona's specialty covers, to say so when a question is outside it. */
const TOPIC_WORDS: Record<KnowledgeTopic, RegExp> = {
  training: /strength|training|hiit|conditioning|lifting|programm|cardio|running|crossfit|sport/i,
  recovery: /recovery|mobility|sleep|flexibility|stretch/i,
  injuries: /injur|rehab|mobility|physio|pain/i,
  nutrition: /nutrition|diet|meal|food|eating/i,
  supplements: /nutrition|supplement|diet/i,
};

function inSpecialty(persona: AnswerPersona, topic: KnowledgeTopic): boolean {
  return TOPIC_WORDS[topic].test(persona.specialty);
}

const TOPIC_PHRASES: Record<KnowledgeTopic, string> = {
  training: 'Training like this',
  recovery: 'Recovery',
  injuries: 'Injury care',
  nutrition: 'Nutrition',
  supplements: 'Supplement advice',
};

/** The first `count` sentences of a body. */
function sentences(body: string, count: number): string {
  const parts = body.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [body];
  return parts.slice(0, count).join('').trim();
}

/** The retrieval answer, deterministic for the same question, persona and memory. */
export function answerLocally(input: AnswerInput): Answer {
  const persona = input.persona;
  const voice = voiceOf(persona);
  const ranked = searchKnowledge(input.question, {
    preferNutrition: input.action === 'nutritionist',
  });
  const cautions = injuryCautions(input.question, input.memories);

  if (ranked.length === 0 && cautions.length === 0) {
    const example = persona.exampleQuestions[0];
    return {
      answer: [
        voice.open(persona),
        "I don't have anything in my notes that answers that, and I'd rather not guess.",
        'I can help with training, recovery, injuries, nutrition and supplements.',
        example ? `You could ask me, for example: "${example}"` : '',
      ]
        .filter(Boolean)
        .join(' '),
      citations: [],
    };
  }

  const paragraphs: string[] = [voice.open(persona)];
  // An entry a remembered injury brings in is said once, framed by what the member told us.
  const cautionSlugs = new Set(cautions.map((c) => c.entry.slug));
  const [first, ...rest] = ranked.filter((r) => !cautionSlugs.has(r.entry.slug));
  if (first) {
    if (!inSpecialty(persona, first.entry.topic)) {
      paragraphs.push(
        `${TOPIC_PHRASES[first.entry.topic]} is outside my main area (I focus on ${persona.specialty.toLowerCase()}), but here is what I can tell you.`,
      );
    }
    paragraphs.push(first.entry.body);
  }
  for (const other of rest) {
    paragraphs.push(`${voice.link} ${sentences(other.entry.body, 2)}`);
  }
  for (const caution of cautions) {
    paragraphs.push(`You told me: "${caution.fact}". With that in mind: ${caution.entry.body}`);
  }
  paragraphs.push(voice.close);

  const cited = [...ranked.map((r) => r.entry), ...cautions.map((c) => c.entry)];
  const citations = cited
    .filter((e, i) => cited.findIndex((o) => o.slug === e.slug) === i)
    .map((e) => ({ slug: e.slug, title: e.title }));
  return { answer: paragraphs.join('\n\n'), citations };
}

/** The offline provider: no network, same answer for the same input. */
export const localAnswerer: TrainerAnswerer = {
  name: 'local',
  answer: async (input) => answerLocally(input),
};
