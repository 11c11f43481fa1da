import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules of the road (ARCHITECTURE.md) are lint rules; these cases pin that a wrong-way
// import fails `npm test`, and that the right-way ones pass. Each case lints a made-up file
// placed in the real tree, so imports resolve against the real code.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  // Only the import rules matter here: the type-aware ones would need a real file on disk.
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** The rule ids reported for `code` as if it were the file at `file` (relative to the repo). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('server rules of the road', () => {
  it('plugins and lib import no feature', async () => {
    const code = `import { listFriends } from '../features/friends/friends.service';\nexport const f = listFriends;\n`;
    expect(await problems('apps/server/src/plugins/example.ts', code)).toContain(RESTRICTED);
    expect(await problems('apps/server/src/lib/example.ts', code)).toContain(RESTRICTED);
  });

  it('repositories import no service', async () => {
    const code = `import { areFriends } from '../friends/friends.service';\nexport const f = areFriends;\n`;
    expect(
      await problems('apps/server/src/features/workouts/example.repository.ts', code),
    ).toContain(RESTRICTED);
  });

  it('a route imports only its own service', async () => {
    const file = 'apps/server/src/features/workouts/example.routes.ts';
    const own = `import { listWorkouts } from './workouts.service';\nexport const f = listWorkouts;\n`;
    const repository = `import { findGroup } from './workouts.repository';\nexport const f = findGroup;\n`;
    const other = `import { listFriends } from '../friends/friends.service';\nexport const f = listFriends;\n`;
    expect(await problems(file, own)).toEqual([]);
    expect(await problems(file, repository)).toContain(RESTRICTED);
    expect(await problems(file, other)).toContain(RESTRICTED);
  });

  it('a feature reaches another through its service, never its repository', async () => {
    const file = 'apps/server/src/features/workouts/example.ts';
    const service = `import { findUserById } from '../users/users.service';\nexport const f = findUserById;\n`;
    const repository = `import { findUserById } from '../users/users.repository';\nexport const f = findUserById;\n`;
    expect(await problems(file, service)).toEqual([]);
    expect(await problems(file, repository)).toContain(RESTRICTED);
  });

  it('features import each other in one direction only', async () => {
    // workout-logs imports guided (a log finishes a guided session): guided may not import it.
    const code = `import { logWorkout } from '../workout-logs/workout-logs.service';\nexport const f = logWorkout;\n`;
    expect(await problems('apps/server/src/features/guided/example.ts', code)).toContain(
      'fitcoach/no-feature-cycles',
    );
  });

  it('modules import no cycle', async () => {
    // workouts.service imports exercises.service: the reverse closes a cycle.
    const code = `import { listWorkouts } from '../workouts/workouts.service';\nexport const f = listWorkouts;\n`;
    expect(
      await problems('apps/server/src/features/exercises/exercises.service.ts', code),
    ).toContain('import-x/no-cycle');
  });

  it('routes touch no cache, socket or change bus', async () => {
    const file = 'apps/server/src/features/workouts/example.routes.ts';
    const touching = `export const f = (app: { ctx: { answers: unknown } }) => app.ctx.answers;\n`;
    const handing = `export const f = (app: { ctx: unknown }) => app.ctx;\n`;
    expect(await problems(file, touching)).toContain('no-restricted-syntax');
    expect(await problems(file, handing)).toEqual([]);
  });
});

describe('web rules of the road', () => {
  it('web features do not import each other; app/ composes them', async () => {
    const code = `import { paths } from '../../../config/paths';\nimport { useMe } from '../../auth/api/get-me';\nexport const f = [paths, useMe];\n`;
    expect(await problems('apps/web/src/features/notifications/api/example.ts', code)).toContain(
      RESTRICTED,
    );
    const composed = `import { useMe } from '../../features/auth/api/get-me';\nexport const f = useMe;\n`;
    expect(await problems('apps/web/src/app/routes/example.tsx', composed)).toEqual([]);
  });

  it('shared web code imports no feature', async () => {
    const code = `import { useMe } from '../features/auth/api/get-me';\nexport const f = useMe;\n`;
    expect(await problems('apps/web/src/components/example.tsx', code)).toContain(RESTRICTED);
  });
});
