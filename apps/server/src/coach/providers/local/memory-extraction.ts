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

/** Sentences, then clauses: "My knee hurts, what should I do?" keeps "My knee hurts". */
function clauses(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?;])\s+|[,;]\s+|\s+but\s+|\s+although\s+|\s+though\s+/i)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

function tidy(clause: string): string {
  const t = clause
    .replace(/[.!?;,\s]+$/, '')
    .replace(/^(?:and|so|also|btw|by the way|well|oh|hey|hi|hello|fyi)\b[,\s]*/i, '')
    .trim();
  const capped = t.length > 300 ? `${t.slice(0, 297).trimEnd()}…` : t;
  return capped.charAt(0).toUpperCase() + capped.slice(1);
}

/** Facts the member states about themselves, one per kind and subject, in the order said. */
export function extractMemories(text: string): ExtractedMemory[] {
  const found: ExtractedMemory[] = [];
  for (const raw of clauses(text)) {
    if (raw.endsWith('?') || ASKING.test(raw)) continue;
    const clause = raw.replace(/[’]/g, "'");
    if (!FIRST_PERSON.test(clause)) continue;
    let memory: ExtractedMemory | null = null;
    const dislike = DISLIKE.exec(clause);
    const goal = GOAL.exec(clause);
    if (BODY_PART.test(clause) && HURT.test(clause)) {
      memory = { kind: 'injury', fact: tidy(clause) };
    } else if (dislike?.[1]) {
      memory = { kind: 'dislike', fact: tidy(clause) };
    } else if (NO_EQUIPMENT.test(clause) || (OWNS.test(clause) && EQUIPMENT.test(clause))) {
      memory = { kind: 'equipment', fact: tidy(clause) };
    } else if (goal?.[1] && !NOT_A_GOAL.test(goal[1].trim())) {
      memory = { kind: 'goal', fact: tidy(clause) };
    }
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
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function singular(word: string): string {
  const w = word.toLowerCase();
  if (w === 'feet') return 'foot';
  if (w === 'calves') return 'calf';
  return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/**
 * What makes two facts the same memory: an injury is about its body part, equipment about the
 * kit named, a dislike about what is disliked; anything else about its words. Used to keep
 * "I have a bad knee" and "my knee hurts" as one memory.
 */
export function memoryKey(memory: ExtractedMemory): string {
  const text = memory.fact.replace(/[’]/g, "'");
  if (memory.kind === 'injury') {
    const part = BODY_PART.exec(text)?.[1];
    if (part) return `injury:${singular(part)}`;
  }
  if (memory.kind === 'equipment') {
    if (NO_EQUIPMENT.test(text)) return 'equipment:none';
    const kit = [...text.matchAll(new RegExp(EQUIPMENT.source, 'gi'))]
      .map((m) => singular(m[1] ?? ''))
      .sort();
    if (kit.length > 0) return `equipment:${[...new Set(kit)].join('+')}`;
  }
  if (memory.kind === 'dislike') {
    const what = DISLIKE.exec(text)?.[1];
    if (what) return `dislike:${normalise(what).split(' ').map(singular).join(' ')}`;
  }
  return `${memory.kind}:${normalise(text)}`;
}
