import type { Locale } from '@fitcoach/shared/locales';
import type { MemoryKind } from '../../../db/schema/coach';
import { say } from '../../coach-text';
import type { CatalogueExercise } from './session-types';

/** A rule that keeps exercises out of a plan, with the reason the member is told. */
export interface Exclusion {
  /** What is left out, in a phrase in the member's language: "deep knee flexion work (…)". */
  what: string;
  /** Why, quoting the member's own words. */
  because: string;
  excludes(exercise: Pick<CatalogueExercise, 'name' | 'slug' | 'primaryMuscles'>): boolean;
}

export interface MemoryFact {
  kind: MemoryKind;
  fact: string;
}

interface InjuryRule {
  /** Words in the member's fact that name the body part. */
  part: RegExp;
  /** The phrase's key in the coach catalogue (`exclusions.<what>`). */
  what: 'knee' | 'shoulder' | 'back' | 'wrist' | 'ankle' | 'hip';
  /** Exercise names that load it the way an injury should not be loaded. */
  names: RegExp;
  muscles?: readonly string[];
}

/*
 * Spanish body-part words are bounded by "no letter" look-arounds (with the `u` flag): JS `\b`
 * does not count á, é, í, ó, ú or ñ as word characters, so `\bmuñeca\b` would miss "muñecas".
 */
const L = '(?<![\\p{L}])';
const R = '(?![\\p{L}])';
const part = (english: string, spanish: string) =>
  new RegExp(`${english}|${L}(?:${spanish})${R}`, 'iu');

// Conservative on purpose: when a member mentions an injury, the plan leaves out the movements
// that load that joint hardest and says so; the knowledge base tells them to see a professional.
const injuryRules: InjuryRule[] = [
  {
    part: part(
      '\\bknee|\\bacl\\b|\\bmcl\\b|menisc|patell',
      'rodillas?|r[oó]tulas?|ligamento cruzado|ligamentos cruzados|lca',
    ),
    what: 'knee',
    names:
      /squat|lunge|pistol|split|step-up|step up|leg press|leg extension|hack|jump|burpee|sprawl|wall sit|skater|bound|hop|thruster|wall ball|sissy|kneel|bob and weave|nordic/i,
  },
  {
    part: part('shoulder|rotator|\\bcuff\\b', 'hombros?|manguito(?: de los)? rotador(?:es)?'),
    what: 'shoulder',
    names:
      /overhead|shoulder press|military|push press|handstand|snatch|jerk|\bdip|pull-up|pull up|chin-up|chin up|pike|upright row|muscle-up|arnold|thruster|wall ball/i,
  },
  {
    // "disc" is a whole word: Spanish "discos" are weight plates, not spinal discs.
    part: part(
      'back|spine|\\bdiscs?\\b|lumbar',
      'espalda|columna|lumbares|lumbago|v[eé]rtebras?|hernia discal|ci[aá]tic[oa]',
    ),
    what: 'back',
    names:
      /deadlift|good morning|bent-over|bent over|swing|clean|snatch|hyperextension|back squat/i,
    muscles: ['lower_back'],
  },
  {
    part: part('wrist', 'mu[nñ]ecas?'),
    what: 'wrist',
    names: /push-up|push up|handstand|burpee|front squat|clean|bear crawl|plank jack|mountain/i,
  },
  {
    part: part('ankle|achilles', 'tobillos?|aquiles'),
    what: 'ankle',
    names: /jump|hop|bound|sprint|skip|rope|burpee|skater|shuffle|suicide|shuttle|box/i,
  },
  {
    part: part('\\bhip\\b|hips\\b', 'caderas?'),
    what: 'hip',
    names: /deep squat|pistol|lunge|split squat|back squat|front squat/i,
  },
];

const injuryWords =
  /injur|hurt|pain|sprain|strain|tear|torn|surgery|sore|tendin|bad\b|lesi[oó]n|lesion|duele|dolor|esguince|rotura|desgarr|operad|operaron|operaci[oó]n|cirug[ií]a|molestia|fractur/iu;

function quote(fact: string): string {
  const trimmed = fact.trim().replace(/\s+/g, ' ');
  return trimmed.length > 80 ? `${trimmed.slice(0, 77)}…` : trimmed;
}

/** Singular, lower-case words of a phrase ("burpees" → "burpee"). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z-]+/)
    .filter((w) => w.length > 2)
    .map((w) => (w.endsWith('es') && w.length > 4 ? w.slice(0, -1) : w))
    .map((w) => (w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

const dislikeStopWords = new Set([
  'hate',
  'dislike',
  'don',
  'not',
  'like',
  'the',
  'and',
  'any',
  'doing',
  'can',
  'cannot',
  'want',
  'please',
  'avoid',
  'never',
  'really',
  'exercise',
  'workout',
  'training',
  'them',
  'all',
  // Spanish ("odio los burpees", "no me gustan las zancadas"): exercise names are English, so
  // only the words that name one should be left.
  // Compared after the plural 's' is dropped: 'los' and 'las' arrive as 'lo' and 'la'.
  'odio',
  'lo',
  'la',
  'gusta',
  'gustan',
  'hacer',
  'quiero',
  'nada',
  'ejercicio',
  'por',
  'favor',
  'nunca',
  'evitar',
]);

/**
 * Turns what the member told the trainer (injuries, dislikes) into rules the planners apply.
 * An injury to a joint leaves out the movements that load it; a dislike leaves out the exercises
 * it names ("no burpees", "I hate lunges").
 */
export function exclusionsFromMemories(
  memories: readonly MemoryFact[],
  locale?: Locale,
): Exclusion[] {
  const out: Exclusion[] = [];
  for (const memory of memories) {
    const fact = memory.fact;
    const because = say(locale, 'exclusions.toldMe', { fact: quote(fact) });
    if (memory.kind === 'injury' || (memory.kind === 'other' && injuryWords.test(fact))) {
      for (const rule of injuryRules) {
        if (!rule.part.test(fact)) continue;
        out.push({
          what: say(locale, `exclusions.${rule.what}`),
          because,
          excludes: (e) =>
            rule.names.test(e.name) ||
            rule.names.test(e.slug.replace(/-/g, ' ')) ||
            (rule.muscles ?? []).some((m) => e.primaryMuscles.includes(m as never)),
        });
      }
    }
    if (memory.kind === 'dislike') {
      const disliked = words(fact).filter((w) => !dislikeStopWords.has(w));
      if (disliked.length === 0) continue;
      out.push({
        what: say(locale, 'exclusions.dislike', { words: disliked.join(', ') }),
        because,
        excludes: (e) => {
          const name = words(e.name);
          return disliked.some((w) => name.includes(w));
        },
      });
    }
  }
  return out;
}

/** The first rule that leaves this exercise out, if any. */
export function excludedBy(
  exercise: Pick<CatalogueExercise, 'name' | 'slug' | 'primaryMuscles'>,
  exclusions: readonly Exclusion[],
): Exclusion | undefined {
  return exclusions.find((x) => x.excludes(exercise));
}
