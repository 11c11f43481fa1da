import { describe, expect, it } from 'vitest';
import {
  knowledgeBase,
  knowledgeBases,
  knowledgeTranslations,
  PROFESSIONAL_BOUNDARY,
  PROFESSIONAL_BOUNDARY_ES,
} from './knowledge-base';
import { knowledgeTopics } from './knowledge-entry';

const sentenceCount = (body: string) => (body.match(/[.!?](\s|$)/g) ?? []).length;

describe('knowledge base', () => {
  it('has at least 200 entries', () => {
    expect(knowledgeBase.length).toBeGreaterThanOrEqual(200);
  });

  it('has unique, kebab-case slugs', () => {
    const slugs = knowledgeBase.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('covers every topic with a real share of entries', () => {
    for (const topic of knowledgeTopics) {
      expect(knowledgeBase.filter((e) => e.topic === topic).length).toBeGreaterThanOrEqual(25);
    }
  });

  it('gives every entry a title, tags and a body of two to five sentences', () => {
    for (const entry of knowledgeBase) {
      expect(entry.title.trim(), entry.slug).not.toBe('');
      expect(entry.tags.length, entry.slug).toBeGreaterThan(0);
      const n = sentenceCount(entry.body);
      expect(n, `${entry.slug}: ${n} sentences`).toBeGreaterThanOrEqual(2);
      expect(n, `${entry.slug}: ${n} sentences`).toBeLessThanOrEqual(5);
    }
  });

  it('draws a see-a-professional boundary in every injury entry', () => {
    const injuries = knowledgeBase.filter((e) => e.topic === 'injuries');
    expect(injuries.length).toBeGreaterThan(0);
    const without = injuries.filter((e) => !PROFESSIONAL_BOUNDARY.test(e.body)).map((e) => e.slug);
    expect(without).toEqual([]);
  });

  it('does not repeat a body word for word', () => {
    const bodies = knowledgeBase.map((e) => e.body);
    expect(new Set(bodies).size).toBe(bodies.length);
  });
});

describe('knowledge base in Spanish', () => {
  const rows = knowledgeTranslations.es;

  it('translates every entry once, and nothing that is not an entry', () => {
    const slugs = rows.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual(knowledgeBase.map((e) => e.slug).sort());
  });

  it('gives every entry a title, tags and a body of two to five sentences, in its own words', () => {
    const english = new Map(knowledgeBase.map((e) => [e.slug, e]));
    for (const row of rows) {
      expect(row.title.trim(), row.slug).not.toBe('');
      expect(row.tags.length, row.slug).toBeGreaterThan(0);
      const n = sentenceCount(row.body);
      expect(n, `${row.slug}: ${n} sentences`).toBeGreaterThanOrEqual(2);
      expect(n, `${row.slug}: ${n} sentences`).toBeLessThanOrEqual(5);
      // A row copied from English by mistake would read English to a Spanish member.
      expect(row.body, row.slug).not.toBe(english.get(row.slug)?.body);
      expect(row.title, row.slug).not.toBe(english.get(row.slug)?.title);
    }
    const bodies = rows.map((r) => r.body);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('draws a see-a-professional boundary in every injury entry', () => {
    const injuries = knowledgeBases.es.filter((e) => e.topic === 'injuries');
    const without = injuries
      .filter((e) => !PROFESSIONAL_BOUNDARY_ES.test(e.body))
      .map((e) => e.slug);
    expect(without).toEqual([]);
  });
});
