import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_DOC_PATH, renderPermissionsDoc } from './permissions-doc';
import {
  actorRole,
  expectedOutcome,
  gateAnswer,
  operationKey,
  permissionFeatures,
  permissionTable,
  type Actor,
} from './permissions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('docs/permissions.md', () => {
  it('is the table as it is now (npm run docs:permissions -w apps/server)', () => {
    const onDisk = readFileSync(path.join(root, PERMISSIONS_DOC_PATH), 'utf8');
    expect(onDisk === renderPermissionsDoc(), 'docs/permissions.md is out of date').toBe(true);
  });
});

describe('the permission table', () => {
  const entries = permissionFeatures.flatMap(({ routes }) => Object.entries(routes));

  it('names each route once, as the OpenAPI document spells it', () => {
    const keys = entries.map(([key]) => key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(permissionTable)).toHaveLength(keys.length);
    for (const key of keys) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[\w/{}*.-]*$/);
  });

  it('says nothing that cannot happen', () => {
    const dead: string[] = [];
    for (const [key, p] of entries) {
      const passing = (actor: Actor) =>
        gateAnswer(p.gate, actor === 'anonymous' ? null : actorRole[actor]) === 'pass';
      for (const actor of Object.keys(p.deny ?? {}) as Actor[]) {
        if (p.allow !== 'all' && p.allow.includes(actor))
          dead.push(`${key}: ${actor} allowed and denied`);
        if (!passing(actor)) dead.push(`${key}: ${actor} denied past a gate it never passes`);
      }
      if (p.allow !== 'all') {
        for (const actor of p.allow) {
          if (!passing(actor)) dead.push(`${key}: ${actor} allowed past a gate it never passes`);
        }
      }
      for (const name of Object.keys(p.on?.params ?? {})) {
        if (!key.includes(`{${name}}`)) dead.push(`${key}: no {${name}} in its path`);
      }
      if (p.fresh && !p.on) dead.push(`${key}: fresh, with no subject`);
    }
    expect(dead).toEqual([]);
  });

  it('answers anonymous 401 wherever a session is needed, and admins get past every gate', () => {
    for (const [key, p] of entries) {
      if (p.gate !== 'public') expect(expectedOutcome(p, 'anonymous'), key).toBe(401);
      expect(gateAnswer(p.gate, 'admin'), key).toBe('pass');
    }
  });

  it('keys routes as the OpenAPI document does', () => {
    expect(operationKey('get', '/api/team/:id/users/:user_id')).toBe(
      'GET /api/team/{id}/users/{user_id}',
    );
    expect(operationKey('PUT', '/rails/active_storage/disk/*')).toBe(
      'PUT /rails/active_storage/disk/{*}',
    );
  });
});
