/** What the knowledge base is about; answers for the nutritionist prefer nutrition topics. */
export const knowledgeTopics = [
  'training',
  'recovery',
  'injuries',
  'nutrition',
  'supplements',
] as const;
export type KnowledgeTopic = (typeof knowledgeTopics)[number];

/**
 * One authored entry the trainer answers from. `body` is 2–5 plain sentences in FitCoach's own
 * words; injury entries always end in where a professional must take over.
 */
export interface KnowledgeEntry {
  slug: string;
  title: string;
  topic: KnowledgeTopic;
  /** Words a member might use that the title and body do not (synonyms, lay terms). */
  tags: string[];
  body: string;
}

/** Entries are written as rows to keep each file readable; this names the columns. */
export function entries(
  topic: KnowledgeTopic,
  rows: [slug: string, title: string, tags: string, body: string][],
): KnowledgeEntry[] {
  return rows.map(([slug, title, tags, body]) => ({
    slug,
    title,
    topic,
    tags: tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    body,
  }));
}

/** An entry in another language: the slug names the English entry it says again. */
export interface EntryTranslation {
  slug: string;
  title: string;
  tags: string[];
  body: string;
}

/** Translations are written as rows like the English entries, without the topic (it is the same). */
export function translations(
  rows: [slug: string, title: string, tags: string, body: string][],
): EntryTranslation[] {
  return rows.map(([slug, title, tags, body]) => ({
    slug,
    title,
    tags: tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    body,
  }));
}
