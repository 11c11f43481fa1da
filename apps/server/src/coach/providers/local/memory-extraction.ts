export type ExtractedKind = 'injury' | 'equipment' | 'goal' | 'dislike' | 'other';

export interface ExtractedMemory {
  kind: ExtractedKind;
  /** The member's own words, tidied: what the profile list shows and they can edit. */
  fact: string;
}

const BODY_PART =
  /\b(lower back|upper back|back|knees?|shoulders?|wrists?|elbows?|ankles?|hips?|neck|hamstrings?|achilles|foot|feet|shins?|groin|rotator cuff|meniscus|acl|calf|calves|spine|disc)\b/i;
const HURT =
  /\b(bad|injured|injury|injuries|hurts?|hurting|pain|painful|aches?|aching|sore|torn|tear|tore|sprained?|strained?|strain|broke|broken|dodgy|weak|surgery|operation|arthritis|tendinitis|tendonitis|slipped|herniated|bulging|sciatica|pulled|twisted|rolled|dislocated)\b/i;
const FIRST_PERSON = /\b(i|i'm|im|i've|ive|my|me)\b/i;

const EQUIPMENT =
  /\b(dumbbells?|barbells?|kettlebells?|resistance bands?|bands|pull[- ]?up bar|bench|squat rack|rack|cable machine|treadmill|exercise bike|bike|rower|rowing machine|jump rope|skipping rope|trx|suspension trainer|medicine ball|plates?|full gym|home gym|gym)\b/i;
const OWNS =
  /\b(i (?:only )?(?:have|own|use|got)|i've (?:only )?got|ive (?:only )?got|i have only|all i have is|at home i have|my home gym has|i train with)\b/i;
const NO_EQUIPMENT =
  /\b(no equipment|without equipment|no gym|don't have (?:any )?equipment|do not have (?:any )?equipment|no weights)\b/i;

const DISLIKE =
  /\b(?:i (?:really |absolutely |just )?(?:hate|dislike|detest|despise|can't stand|cannot stand|don't like|do not like|don't enjoy|do not enjoy|loathe))\s+(.+)/i;
const GOAL =
  /\b(?:my (?:main |big |long[- ]term |ultimate )?goal is(?: to)?|i(?:'m| am) training (?:for|to)|i want to|i'd like to|i would like to|i(?:'m| am) trying to|i hope to|i plan to)\s+(.+)/i;
/** "I want to know …" is a question, not a goal. */
const NOT_A_GOAL = /^(know|ask|understand|learn (?:about|how|what|why|if)|check|see|find out)\b/i;
/** A clause that asks or supposes states nothing about the member. */
const ASKING =
  /^(?:and |but |so )?(?:if|what if|what|how|why|when|where|which|who|should|can|could|would|will|do|does|did|is|are|am|was|were|have|has)\b/i;
/** "I don't have a barbell": kit the member lacks, remembered apart from kit they have. */
const LACKS =
  /\b(?:i (?:don't|dont|do not) (?:have|own)|i have no|i've got no|ive got no|i haven't got)\b/i;

/*
 * Spanish. JS `\b` does not count á, é, í, ó, ú or ñ as word characters, so Spanish words are
 * bounded by "no letter" look-arounds instead (`es` builds them, with the `u` flag).
 */
const es = (alternatives: string, flags = 'iu') =>
  new RegExp(`(?<![\\p{L}])(?:${alternatives})(?![\\p{L}])`, flags);

/**
 * Body parts in Spanish, each with the English word an injury's key uses, so "me duele la
 * rodilla" and "my knee hurts" are one memory. Longer phrases first: at the same place in a
 * sentence, "parte baja de la espalda" must win over "espalda".
 */
const BODY_PARTS_ES: [words: string, key: string][] = [
  [
    '(?:parte|zona) baja de la espalda|espalda baja|zona lumbar|lumbar(?:es)?|lumbago',
    'lower back',
  ],
  ['(?:parte|zona) alta de la espalda|espalda alta|dorsales', 'upper back'],
  ['espalda', 'back'],
  ['columna(?: vertebral)?|v[eé]rtebras?', 'spine'],
  ['hernia discal|discos? intervertebral(?:es)?', 'disc'],
  ['ci[aá]tic[oa]', 'back'],
  ['manguito(?: de los)? rotador(?:es)?', 'rotator cuff'],
  ['hombros?', 'shoulder'],
  ['ligamento cruzado(?: anterior)?|lca', 'acl'],
  ['meniscos?', 'meniscus'],
  ['rodillas?|r[oó]tulas?', 'knee'],
  ['mu[nñ]ecas?', 'wrist'],
  ['codos?', 'elbow'],
  ['tend[oó]n de aquiles|aquiles', 'achilles'],
  ['tobillos?', 'ankle'],
  ['caderas?', 'hip'],
  ['cuello|cervicales', 'neck'],
  ['isquiotibiales|isquios', 'hamstring'],
  ['gemelos?|pantorrillas?', 'calf'],
  ['espinillas?|tibias?', 'shin'],
  ['ingles?', 'groin'],
  ['(?<!de )pies?', 'foot'],
];
const BODY_PART_ES = es(BODY_PARTS_ES.map(([w]) => w).join('|'));
/** Hurt words; not "rígida" or "cansada": a stiff or tired back is not an injury (nor in English). */
const HURT_ES = es(
  [
    'duele|duelen|dol[ií]a|dol[ií]an|dolor(?:es)?|doloros[oa]',
    'lesi[oó]n|lesiones|lesionad[oa]s?|lesion[eé]|me lesion[eé]',
    'operaron|operad[oa]|operaci[oó]n|cirug[ií]a|intervenid[oa]|intervenci[oó]n',
    'rot[oa]s?|rotura|romp[ií]|desgarro|desgarr[eé]|desgarrad[oa]',
    'esguince|torc[ií]|torcedura|torcid[oa]|distensi[oó]n|tir[oó]n|contractura',
    'fractura|fractur[eé]|fracturad[oa]|luxaci[oó]n|dislocad[oa]|me disloqu[eé]',
    'molesta|molestan|molestias?|resentid[oa]|tocad[oa]|mal|mala|malas|d[eé]bil',
    'artrosis|artritis|tendinitis|tendinopat[ií]a|bursitis|fascitis|condromalacia',
    'hernia|protrusi[oó]n|pinzamiento|ci[aá]tica|sobrecarga|inflamad[oa]|inflamaci[oó]n',
  ].join('|'),
);
/** "Ya no me duele la rodilla", "correr sin dolor de rodilla": a part named, but no injury. */
const NOT_HURT_ES = es(
  '(?:ya )?no (?:me )?(?:duele|duelen|molesta|molestan)|sin (?:dolor|dolores|molestias?|lesi[oó]n|lesiones)|ya no tengo',
);
/** Spanish puts the person in the verb: "tengo", "odio", "entreno" say "I" on their own. */
const FIRST_PERSON_ES = es(
  'yo|me|mi|mis|conmigo|tengo|tuve|sufro|padezco|llevo|estoy|estuve|noto|siento|odio|detesto|aborrezco|quiero|quisiera|entreno|uso|utilizo|cuento|dispongo|necesito|busco|pretendo|intento|espero|aspiro|voy|hago',
);

/**
 * Kit in Spanish, each with the English word an equipment key uses. "barra" alone is a barbell;
 * "barra de dominadas" (or "barra fija") is a pull-up bar, so it comes first.
 */
const KIT_ES: [words: string, key: string][] = [
  ['barras? (?:de|para) dominadas|barras? fijas?', 'pull-up bar'],
  ['barras?(?: ol[ií]mpicas?| de pesas| z| ez)?', 'barbell'],
  ['mancuernas?', 'dumbbell'],
  ['kettlebells?|pesas? rusas?', 'kettlebell'],
  [
    '(?:bandas?|gomas?|cintas?) (?:el[aá]sticas?|de resistencia)|bandas? de goma|bandas|gomas|banda|goma',
    'resistance band',
  ],
  ['bancos?(?: de pesas| plano| inclinable| ajustable)?', 'bench'],
  ['jaula(?: de sentadillas)?|soporte para sentadillas|rack de sentadillas', 'squat rack'],
  ['rack', 'rack'],
  ['(?:m[aá]quina de )?poleas?', 'cable machine'],
  ['cinta de correr', 'treadmill'],
  ['bicicleta est[aá]tica|bici est[aá]tica|spinning', 'exercise bike'],
  ['bicicleta|bici', 'bike'],
  ['m[aá]quina de remo|remo ergom[eé]trico|remoerg[oó]metro', 'rowing machine'],
  ['comba|cuerda (?:de|para) saltar', 'jump rope'],
  ['trx', 'trx'],
  ['entrenador de suspensi[oó]n|cintas de suspensi[oó]n', 'suspension trainer'],
  ['bal[oó]n medicinal', 'medicine ball'],
  ['discos?', 'plate'],
  ['esterilla', 'mat'],
  ['gimnasio completo', 'full gym'],
  ['gimnasio (?:en|de) casa', 'home gym'],
  ['gimnasio|gym', 'gym'],
  ['pesas', 'weight'],
];
const KIT_ES_RE = es(KIT_ES.map(([w]) => `(${w})`).join('|'), 'giu');
const OWNS_ES = es(
  '(?:solo |s[oó]lo |solamente |[uú]nicamente )?(?:tengo|dispongo de|cuento con|uso|utilizo|entreno(?: en casa)? con|me compr[eé]|he comprado)|en casa tengo|lo [uú]nico que tengo',
);
/** "no tengo barra", "sin banco", "ni mancuernas": the kit after these is kit the member lacks. */
const LACKS_ES = es('no (?:tengo|dispongo de|cuento con|uso)|sin|ni|me falta|me faltan|no hay');
const NO_EQUIPMENT_ES = es(
  'sin (?:nada de |ning[uú]n )?(?:material|equipamiento|equipo|aparatos|pesas|gimnasio)|no tengo (?:nada de |ning[uú]n |ning[uú]n tipo de )?(?:material|equipamiento|equipo|aparatos|pesas|gimnasio)|no tengo nada|no voy al gimnasio',
);

const DISLIKE_ES =
  /(?<![\p{L}])(?:(?:yo |la verdad es que |de verdad |realmente )?(?:odio|detesto|aborrezco|no soporto|no aguanto|no me gustan?(?: nada)?|me horrorizan?|no disfruto(?: con| de)?))\s+(.+)/iu;
const GOAL_ES =
  /(?<![\p{L}])(?:mi (?:principal |gran )?(?:objetivo|meta|reto|prop[oó]sito)(?: principal)? (?:es|ser[aá])|(?:estoy )?entren(?:o|ando) para|me (?:estoy preparando|preparo) para|quiero|quisiera|me gustar[ií]a|estoy intentando|intento|espero|pretendo|aspiro a)\s+(.+)/iu;
/**
 * "Quiero un entreno de 20 minutos" asks for something; a goal is "quiero" plus a verb
 * ("perder", "correr", "ganarme"), or whatever follows "mi objetivo es".
 */
const GOAL_VERB_ES = /^\p{L}+(?:ar|er|ir|ír)(?:me|te|se|lo|la|le|nos)?(?![\p{L}])/iu;
const OPEN_GOAL_ES = /^(?:mi |(?:estoy )?entren|me (?:estoy preparando|preparo))/iu;
/** "Quiero saber …" is a question; "quiero que me hagas …" a request. */
const NOT_A_GOAL_ES =
  /^(?:saber|preguntar(?:te)?|entender|aprender (?:sobre|c[oó]mo|qu[eé]|por qu[eé]|si)|comprobar|ver|averiguar|conocer|que)(?![\p{L}])/iu;
/** Spanish questions that lost their marks: "que hago si me duele la rodilla". */
const ASKING_ES =
  /^(?:y |pero |entonces |oye )?(?:si|qu[eé]|c[oó]mo(?! (?:me|tengo|ya|no|estoy|llevo|he|soy)(?![\p{L}]))|por ?qu[eé]|cu[aá]nd[oa]|d[oó]nde|cu[aá]l(?:es)?|cu[aá]nt[oa]s?|qui[eé]n(?:es)?|puedo|podr[ií]a|puede|pueden|debo|deber[ií]a|es (?!que(?![\p{L}]))|est[aá]|son|hay|vale|sirve|conviene|recomiendas|me (?:puedes|podr[ií]as|recomiendas|aconsejas|dices|explicas))(?![\p{L}])/iu;

/** Sentences, then clauses: "My knee hurts, what should I do?" keeps "My knee hurts". */
function clauses(text: string): string[] {
  return (
    text
      .replace(/\s+/g, ' ')
      // A Spanish question runs from "¿" to its "?" (or, when that was left off, to the end of
      // the sentence): it goes whole, so no part of it is read as a statement.
      .replace(/¿[^?.!]*[?.!]?/g, ' . ')
      .split(
        /(?<=[.!?;])\s+|[,;]\s+|\s+but\s+|\s+although\s+|\s+though\s+|\s+pero\s+|\s+aunque\s+|\s+sino\s+/i,
      )
      .map((c) => c.trim())
      .filter((c) => /[\p{L}\p{N}]/u.test(c))
  );
}

function tidy(clause: string): string {
  const t = clause
    .replace(/[.!?;,\s]+$/, '')
    .replace(/^(?:and|so|also|btw|by the way|well|oh|hey|hi|hello|fyi)\b[,\s]*/i, '')
    .replace(
      /^¡?(?:(?:y|pues|bueno|adem[aá]s|tambi[eé]n|por cierto|oye|hola|vale|ah)(?![\p{L}])[,\s]*)+/iu,
      '',
    )
    .replace(/^¡\s*/, '')
    .trim();
  const capped = t.length > 300 ? `${t.slice(0, 297).trimEnd()}…` : t;
  return capped.charAt(0).toUpperCase() + capped.slice(1);
}

/** The kind of fact an English clause states, if any. */
function englishFact(clause: string): ExtractedKind | null {
  if (!FIRST_PERSON.test(clause)) return null;
  const goal = GOAL.exec(clause);
  if (BODY_PART.test(clause) && HURT.test(clause)) return 'injury';
  if (DISLIKE.exec(clause)?.[1]) return 'dislike';
  if (
    NO_EQUIPMENT.test(clause) ||
    ((OWNS.test(clause) || LACKS.test(clause)) && EQUIPMENT.test(clause))
  )
    return 'equipment';
  if (goal?.[1] && !NOT_A_GOAL.test(goal[1].trim())) return 'goal';
  return null;
}

/** The same, in Spanish: same kinds, same order (an injury matters most for safety). */
function spanishFact(clause: string): ExtractedKind | null {
  if (ASKING_ES.test(clause) || !FIRST_PERSON_ES.test(clause)) return null;
  if (BODY_PART_ES.test(clause) && HURT_ES.test(clause) && !NOT_HURT_ES.test(clause))
    return 'injury';
  if (DISLIKE_ES.exec(clause)?.[1]) return 'dislike';
  if (
    NO_EQUIPMENT_ES.test(clause) ||
    ((OWNS_ES.test(clause) || LACKS_ES.test(clause)) && kitNamed(clause).length > 0)
  )
    return 'equipment';
  const goal = GOAL_ES.exec(clause);
  const what = goal?.[1]?.trim();
  if (
    goal &&
    what &&
    !NOT_A_GOAL_ES.test(what) &&
    (OPEN_GOAL_ES.test(goal[0]) || GOAL_VERB_ES.test(what))
  )
    return 'goal';
  return null;
}

/** Facts the member states about themselves, one per kind and subject, in the order said. */
export function extractMemories(text: string): ExtractedMemory[] {
  const found: ExtractedMemory[] = [];
  for (const raw of clauses(text)) {
    if (raw.endsWith('?') || ASKING.test(raw)) continue;
    const clause = raw.replace(/[’]/g, "'");
    const kind = englishFact(clause) ?? spanishFact(clause);
    const memory: ExtractedMemory | null = kind ? { kind, fact: tidy(clause) } : null;
    if (memory && memory.fact.length >= 3) {
      const key = memoryKey(memory);
      if (!found.some((f) => memoryKey(f) === key)) found.push(memory);
    }
  }
  return found;
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    // "flexión" and "flexion" (typed without the accent) are the same word.
    .replace(/\p{M}/gu, '')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function singular(word: string): string {
  const w = word.toLowerCase();
  if (w === 'feet') return 'foot';
  if (w === 'calves') return 'calf';
  // Spanish "flexiones" → "flexion" (after normalise dropped the accent of "flexión").
  if (w.endsWith('iones')) return w.slice(0, -2);
  return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

const BODY_PARTS_ES_RE = BODY_PARTS_ES.map(([words, key]) => ({ re: es(words), key }));

/** The body part a fact names first, as the English word keys use ("rodilla" → "knee"). */
function bodyPartOf(text: string): string | undefined {
  let best: { index: number; key: string } | undefined;
  const english = BODY_PART.exec(text);
  if (english?.[1]) best = { index: english.index, key: singular(english[1]) };
  for (const { re, key } of BODY_PARTS_ES_RE) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = { index: m.index, key };
  }
  return best?.key;
}

/** Kit a fact names, as the English words keys use, and whether the member said they lack it. */
function kitNamed(text: string): { name: string; lacking: boolean }[] {
  const named: { name: string; index: number }[] = [
    ...[...text.matchAll(new RegExp(EQUIPMENT.source, 'gi'))].map((m) => ({
      name: singular(m[1] ?? ''),
      index: m.index,
    })),
    ...[...text.matchAll(KIT_ES_RE)].map((m) => ({
      // The capture group that matched says which row of KIT_ES it was.
      name: KIT_ES[m.slice(1).findIndex((g) => g !== undefined)]?.[1] ?? '',
      index: m.index,
    })),
  ];
  const ends = (re: RegExp) =>
    [...text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))].map(
      (m) => m.index + m[0].length,
    );
  const lacks = [...ends(LACKS), ...ends(LACKS_ES)];
  const owns = [...ends(OWNS), ...ends(OWNS_ES)];
  // Kit belongs to the nearest verb before it: "no tengo barra" lacks it, "tengo barra" has it
  // ("tengo" inside "no tengo" ends at the same place; the negation wins).
  const last = (list: number[], before: number) =>
    Math.max(-1, ...list.filter((end) => end <= before));
  return named
    .filter((k) => k.name !== '')
    .map((k) => {
      const lack = last(lacks, k.index);
      return { name: k.name, lacking: lack >= 0 && lack >= last(owns, k.index) };
    });
}

/** Spanish words around what is disliked that do not name it ("no me gustan las sentadillas"). */
const DISLIKE_FILLER_ES = new Set([
  'el',
  'la',
  'los',
  'las',
  'un',
  'una',
  'unos',
  'unas',
  'hacer',
  'nada',
  'mucho',
]);

/**
 * What makes two facts the same memory: an injury is about its body part, equipment about the
 * kit named, a dislike about what is disliked; anything else about its words. Used to keep
 * "I have a bad knee" and "my knee hurts" as one memory. Spanish facts use the English words
 * for body parts and kit, so "me duele la rodilla" and "my knee hurts" are one memory too.
 */
export function memoryKey(memory: ExtractedMemory): string {
  const text = memory.fact.replace(/[’]/g, "'");
  if (memory.kind === 'injury') {
    const part = bodyPartOf(text);
    if (part) return `injury:${part}`;
  }
  if (memory.kind === 'equipment') {
    if (NO_EQUIPMENT.test(text) || NO_EQUIPMENT_ES.test(text)) return 'equipment:none';
    // Kit the member lacks keys apart from kit they have: "no tengo barra" must not stand in
    // for (or block) a later "tengo una barra".
    const kit = kitNamed(text)
      .map((k) => (k.lacking ? `no ${k.name}` : k.name))
      .sort();
    if (kit.length > 0) return `equipment:${[...new Set(kit)].join('+')}`;
  }
  if (memory.kind === 'dislike') {
    const what = DISLIKE.exec(text)?.[1];
    if (what) return `dislike:${normalise(what).split(' ').map(singular).join(' ')}`;
    const queEs = DISLIKE_ES.exec(text)?.[1];
    if (queEs) {
      const words = normalise(queEs)
        .split(' ')
        .filter((w) => !DISLIKE_FILLER_ES.has(w));
      if (words.length > 0) return `dislike:${words.map(singular).join(' ')}`;
    }
  }
  return `${memory.kind}:${normalise(text)}`;
}
