import { DEFAULT_LOCALE, LOCALES, type Locale } from '@fitcoach/shared/locales';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import MiniSearch, { type SearchResult } from 'minisearch';
import { listIn, say } from '../../coach-text';
import { knowledgeBases } from '../../knowledge/knowledge-base';
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
  /** The member's language: the answer, its citations and the persona's words are in it. */
  locale?: Locale | undefined;
  /** Facts this very message stated (memory extraction's reading of it), if any. */
  stated?: AnswerMemory[] | undefined;
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
const STOP_WORDS_EN = new Set(
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

/** The same in Spanish, written without accents: terms are compared after folding them. */
const STOP_WORDS_ES = new Set(
  `a al algo alguna algunas alguno algunos ante antes aqui asi aun bien cada casi como con
  contra cual cuales cuando cuanta cuantas cuanto cuantos de del desde donde dos el ella ellas
  ellos en entre era eran es esa esas ese eso esos esta estan estar estas este esto estos estoy
  fue ha hace hacer hago han hasta hay he la las le les lo los me mas mi mis mucha muchas mucho
  muchos muy nada ni no nos nosotros o os otra otro para pero poco por porque puede puedo pues
  que quien se sea ser si sin sobre solo son su sus tambien te tener tengo ti tiene tienen toda
  todas todo todos tu tus un una uno unos y ya yo debo deberia necesito quiero quisiera saber
  dime decir mejor hola gracias favor ayuda ayudame vale cosa cosas algun ningun ninguna`
    .split(/\s+/)
    .filter(Boolean),
);

const fold = (term: string) => term.normalize('NFD').replace(/\p{M}+/gu, '');

/** How each language turns a word into an index term (null: not worth matching). */
const PROCESS_TERM: Record<Locale, (term: string) => string | null> = {
  en: (term) => {
    const t = term.toLowerCase().replace(/['’]s$/, '');
    if (t.length < 2 || STOP_WORDS_EN.has(t)) return null;
    return t;
  },
  // Spanish inflects far more than English ("rodilla", "rodillas"; "entrenar", "entrenamiento"),
  // beyond what prefix and fuzzy matching catch: terms are stemmed (Snowball) and folded, so
  // a question typed without accents finds entries written with them.
  es: (term) => {
    const t = fold(term.toLowerCase());
    if (t.length < 2 || STOP_WORDS_ES.has(t)) return null;
    return fold(spanishStem(term.toLowerCase())) || t;
  },
};

interface IndexedEntry {
  slug: string;
  title: string;
  topic: KnowledgeTopic;
  tags: string;
  /** The entry's one-word tags again: see the index's boost. */
  keywords: string;
  body: string;
}

/** One of something per language (a new language fails to compile here until it has one). */
function perLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return { en: make('en'), es: make('es') };
}

/** Built once when the module loads: the knowledge base is part of the code, not the data. */
function buildIndex(locale: Locale): MiniSearch<IndexedEntry> {
  const index = new MiniSearch<IndexedEntry>({
    idField: 'slug',
    fields: ['title', 'tags', 'keywords', 'body'],
    storeFields: ['slug', 'title', 'topic'],
    processTerm: PROCESS_TERM[locale],
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
    knowledgeBases[locale].map((e) => ({
      ...e,
      tags: e.tags.join(' '),
      keywords: e.tags.filter((t) => !/\s/.test(t)).join(' '),
    })),
  );
  return index;
}

const indexes = perLocale(buildIndex);

const bySlug = perLocale(
  (l): ReadonlyMap<string, KnowledgeEntry> => new Map(knowledgeBases[l].map((e) => [e.slug, e])),
);

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

/** The entries one language's index finds for a question, best first, by slug. */
function searchIn(
  locale: Locale,
  question: string,
  preferNutrition: boolean,
): { slug: string; score: number }[] {
  const results: SearchResult[] = indexes[locale].search(question, {
    ...(preferNutrition
      ? {
          boostDocument: (_id, _term, stored) =>
            NUTRITION_TOPICS.has((stored as { topic: KnowledgeTopic }).topic) ? 1.6 : 1,
        }
      : {}),
  });
  const top = results[0];
  if (!top || top.score < MIN_SCORE) return [];
  // One stray word matching is not relevance: a longer question needs two of its words matched.
  // Small words of the other language ("antes de" in "how do I warm up antes de correr") are
  // not words the entry failed to match.
  const meaningful = new Set(
    question
      .split(/[^\p{L}\p{N}']+/u)
      .filter((t) => !LOCALES.some((l) => STOP_WORDS[l].has(fold(t.toLowerCase()))))
      .map((t) => PROCESS_TERM[locale](t))
      .filter((t): t is string => t !== null),
  );
  if (meaningful.size >= 3 && top.queryTerms.length < 2) return [];
  return results
    .filter((r) => r.score >= top.score * RELATIVE_CUTOFF)
    .slice(0, MAX_CITED)
    .map((r) => ({ slug: String(r.id), score: r.score }));
}

const STOP_WORDS: Record<Locale, ReadonlySet<string>> = { en: STOP_WORDS_EN, es: STOP_WORDS_ES };

/**
 * The language a question is written in, told by its small words ("what is the", "cuánta …
 * necesito"); the member's language when they do not tell (a single word, "creatina").
 * Searching only that language's index keeps a stray match in the other from passing as an
 * answer ("What is the capital of France?" must find nothing).
 */
export function questionLanguage(question: string, memberLocale: Locale): Locale {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  let best = memberLocale;
  let bestCount = words.filter((w) => STOP_WORDS[memberLocale].has(fold(w))).length;
  for (const locale of LOCALES) {
    const count = words.filter((w) => STOP_WORDS[locale].has(fold(w))).length;
    if (count > bestCount) {
      best = locale;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The entries relevant to a question, best first, worded in the member's language; empty when
 * nothing clears the threshold. The question is searched in the language it is written in: a
 * Spanish member who types in English still gets the answer, in Spanish.
 */
export function searchKnowledge(
  question: string,
  options: { preferNutrition?: boolean; locale?: Locale | undefined } = {},
): RankedEntry[] {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const language = questionLanguage(question, locale);
  return searchIn(language, question, options.preferNutrition ?? false).flatMap(
    ({ slug, score }) => {
      const entry = bySlug[locale].get(slug);
      return entry ? [{ entry, score }] : [];
    },
  );
}

/**
 * Body parts a remembered injury can name, the movements that load them and the entry to cite.
 * Facts and questions may be in English or Spanish, whatever the member's language.
 */
const BODY_PARTS: { part: string; words: RegExp; loadedBy: RegExp; entry: string }[] = [
  {
    part: 'knee',
    words: /\bknees?\b|\bmeniscus\b|\bacl\b|\bpatell|rodilla|menisco|ligamento cruzado|r[óo]tula/iu,
    loadedBy:
      /squat|lunge|leg press|jump|pistol|step[- ]?up|run|sprint|leg extension|hack|legs?\b|sentadilla|zancada|prensa|salt[oa]|saltar|subida|correr|carrera|esprint|extensi[óo]n de pierna|piernas?/iu,
    entry: 'bad-knee-alternatives',
  },
  {
    part: 'lower back',
    words:
      /\bback\b|\bspine\b|\bdisc\b|\bsciatica\b|\blumbar\b|espalda|columna|lumbar|disco|ci[áa]tica|hernia/iu,
    loadedBy:
      /deadlift|squat|row|good morning|swing|hinge|clean|snatch|sit[- ]?up|crunch|back|peso muerto|sentadilla|remo|buenos d[íi]as|bisagra|cargada|arrancada|abdominales|espalda/iu,
    entry: 'lower-back-alternatives',
  },
  {
    part: 'shoulder',
    words: /\bshoulders?\b|\brotator\b|hombros?|manguito rotador/iu,
    loadedBy:
      /press|bench|overhead|push[- ]?up|dip|pull[- ]?up|chin[- ]?up|raise|snatch|shoulder|banca|por encima de la cabeza|flexiones|fondos|dominadas|elevaciones|arrancada|hombro/iu,
    entry: 'shoulder-impingement',
  },
  {
    part: 'wrist',
    words: /\bwrists?\b|mu[ñn]ecas?/iu,
    loadedBy:
      /push[- ]?up|press|bench|plank|burpee|clean|wrist|flexiones|banca|plancha|cargada|mu[ñn]eca/iu,
    entry: 'wrist-pain',
  },
  {
    part: 'elbow',
    words: /\belbows?\b|codos?|epicondilitis/iu,
    loadedBy:
      /curl|pull[- ]?up|chin[- ]?up|skull|extension|dip|row|elbow|dominadas|press franc[ée]s|extensi[óo]n|fondos|remo|codo/iu,
    entry: 'tennis-elbow',
  },
  {
    part: 'ankle',
    words: /\bankles?\b|\bachilles\b|tobillos?|aquiles/iu,
    loadedBy:
      /run|jump|sprint|calf|skip|box|plyo|ankle|hiit|burpee|correr|carrera|salt[oa]|saltar|esprint|gemelo|comba|caj[óo]n|pliom|tobillo/iu,
    entry: 'ankle-sprain',
  },
  {
    part: 'hip',
    words: /\bhips?\b|cadera/iu,
    loadedBy:
      /squat|lunge|deadlift|hip|run|thrust|sentadilla|zancada|peso muerto|cadera|correr|carrera|puente/iu,
    entry: 'hip-pain',
  },
  {
    part: 'neck',
    words: /\bneck\b|cuello|cervical/iu,
    loadedBy:
      /shrug|overhead|press|neck|crunch|encogimientos|por encima de la cabeza|cuello|abdominales/iu,
    entry: 'neck-pain',
  },
];

/** Remembered injuries this question's movements would load, with the entry that draws the line. */
export function injuryCautions(
  question: string,
  memories: AnswerMemory[],
  locale: Locale = DEFAULT_LOCALE,
): { fact: string; entry: KnowledgeEntry }[] {
  const out: { fact: string; entry: KnowledgeEntry }[] = [];
  for (const memory of memories) {
    if (memory.kind !== 'injury') continue;
    const part = BODY_PARTS.find((p) => p.words.test(memory.fact));
    if (!part || !part.loadedBy.test(question)) continue;
    const entry = bySlug[locale].get(part.entry);
    if (entry && !out.some((o) => o.entry.slug === entry.slug))
      out.push({ fact: memory.fact, entry });
  }
  return out;
}

/** A persona's voice: which of the coach catalogue's `answer.voice.*` sets frames its answers. */
type Voice = 'upbeat' | 'warm' | 'direct' | 'plain';

/** How a persona sounds, read from the words of its tone (personas are data, not code). */
const VOICES: { match: RegExp; voice: Voice }[] = [
  { match: /upbeat|energ|motivat|punchy|en[ée]rgic|motiva|entusias/iu, voice: 'upbeat' },
  { match: /warm|calm|gentle|kind|patient|c[áa]lid|tranquil|amable|pacien|suave/iu, voice: 'warm' },
  {
    match: /direct|short|blunt|no-nonsense|direct[oa]|breve|franc[oa]|sin rodeos/iu,
    voice: 'direct',
  },
];

function voiceOf(persona: AnswerPersona): Voice {
  return VOICES.find((v) => v.match.test(persona.tone))?.voice ?? 'plain';
}

/** Which topics a persona's specialty covers, to say so when a question is outside it. */
const TOPIC_WORDS: Record<KnowledgeTopic, RegExp> = {
  training:
    /strength|training|hiit|conditioning|lifting|programm|cardio|running|crossfit|sport|fuerza|entrenamiento|acondicionamiento|halterofilia|programaci|carrera|deport|boxeo|boxing/iu,
  recovery:
    /recovery|mobility|sleep|flexibility|stretch|recuperaci|movilidad|sue[ñn]o|flexibilidad|estiramiento/iu,
  injuries:
    /injur|rehab|mobility|physio|pain|lesi[óo]n|lesiones|readaptaci|movilidad|fisio|dolor/iu,
  nutrition: /nutrition|diet|meal|food|eating|nutrici|dieta|comida|alimenta/iu,
  supplements: /nutrition|supplement|diet|nutrici|suplement|dieta/iu,
};

function inSpecialty(persona: AnswerPersona, topic: KnowledgeTopic): boolean {
  return TOPIC_WORDS[topic].test(persona.specialty);
}

/** The first `count` sentences of a body. */
function sentences(body: string, count: number): string {
  const parts = body.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [body];
  return parts.slice(0, count).join('').trim();
}

/**
 * A message that only tells the trainer something ("No tengo barra", "I hate running") and asks
 * nothing: searching the notes for it answered protein bars and runners' knees. An injury is
 * not only noted: what to do about it is worth answering.
 */
function onlyStates(question: string, stated: AnswerMemory[]): boolean {
  if (stated.length === 0 || stated.some((m) => m.kind === 'injury')) return false;
  if (/[?¿]/.test(question)) return false;
  const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').length;
  const said = stated.reduce((n, m) => n + letters(m.fact), 0);
  // The facts are the message's own clauses, tidied: together they are (nearly) all of it.
  return said >= 0.8 * letters(question);
}

/**
 * The question without what it only told the trainer: "No tengo barra. ¿Cuánta proteína…?"
 * searched "barra" too and answered protein bars. Injuries stay: they are what to answer.
 */
export function withoutStatedFacts(question: string, stated: AnswerMemory[]): string {
  let rest = question;
  for (const m of stated) {
    if (m.kind === 'injury') continue;
    const at = rest.toLowerCase().indexOf(m.fact.toLowerCase());
    if (at >= 0) rest = `${rest.slice(0, at)} ${rest.slice(at + m.fact.length)}`;
  }
  return rest.trim() === '' ? question : rest;
}

/** The retrieval answer, deterministic for the same question, persona, memory and language. */
export function answerLocally(input: AnswerInput): Answer {
  const persona = input.persona;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const voice = voiceOf(persona);
  const line = (part: 'open' | 'link' | 'close') =>
    say(locale, `answer.voice.${voice}.${part}`, { name: persona.name });

  if (input.stated && onlyStates(input.question, input.stated)) {
    const facts = input.stated.map((m) => say(locale, 'answer.quoted', { text: m.fact }));
    return {
      answer: [line('open'), say(locale, 'answer.noted', { facts: listIn(locale, facts) })].join(
        ' ',
      ),
      citations: [],
    };
  }
  const ranked = searchKnowledge(withoutStatedFacts(input.question, input.stated ?? []), {
    preferNutrition: input.action === 'nutritionist',
    locale,
  });
  const cautions = injuryCautions(input.question, input.memories, locale);

  if (ranked.length === 0 && cautions.length === 0) {
    const example = persona.exampleQuestions[0];
    return {
      answer: [
        line('open'),
        say(locale, 'answer.nothingFound'),
        say(locale, 'answer.canHelpWith'),
        example ? say(locale, 'answer.forExample', { question: example }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      citations: [],
    };
  }

  const paragraphs: string[] = [line('open')];
  // An entry a remembered injury brings in is said once, framed by what the member told us.
  const cautionSlugs = new Set(cautions.map((c) => c.entry.slug));
  const [first, ...rest] = ranked.filter((r) => !cautionSlugs.has(r.entry.slug));
  if (first) {
    if (!inSpecialty(persona, first.entry.topic)) {
      paragraphs.push(
        say(locale, 'answer.outsideSpecialty', {
          topic: say(locale, `answer.topic.${first.entry.topic}`),
          specialty: persona.specialty.toLowerCase(),
        }),
      );
    }
    paragraphs.push(first.entry.body);
  }
  for (const other of rest) {
    paragraphs.push(`${line('link')} ${sentences(other.entry.body, 2)}`);
  }
  for (const caution of cautions) {
    paragraphs.push(
      say(locale, 'answer.youToldMe', { fact: caution.fact, advice: caution.entry.body }),
    );
  }
  paragraphs.push(line('close'));

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
