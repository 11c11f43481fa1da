import { describe, expect, it } from 'vitest';
import { knowledgeBase, PROFESSIONAL_BOUNDARY } from './knowledge-base';
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
