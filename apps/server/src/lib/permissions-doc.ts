import {
  actors,
  expectedOutcome,
  permissionFeatures,
  subjectTexts,
  type Actor,
  type Gate,
  type Permission,
} from './permissions';

/** Where the generated page lives, from the repository's root. */
export const PERMISSIONS_DOC_PATH = 'docs/permissions.md';

const actorHeadings: Record<Actor, string> = {
  anonymous: 'anon',
  member: 'member',
  owner: 'owner',
  friend: 'friend',
  team_player: 'player',
  team_scorer: 'scorer',
  team_coach: 'team coach',
  team_owner: 'team owner',
  coach: 'coach',
  admin: 'admin',
};

const gateTexts: Record<Gate, string> = {
  public: 'anyone, signed in or not',
  signed_in: 'signed in (401 otherwise)',
  coach_or_admin: 'role coach or admin (401 signed out, 403 for members)',
  admin: 'role admin (401 signed out, 403 for others)',
};

const cell = (permission: Permission, actor: Actor) => {
  const outcome = expectedOutcome(permission, actor);
  return outcome === 'allow' ? '✓' : String(outcome);
};

function subjectsOf(permission: Permission): string {
  const named = [
    ...Object.entries(permission.on?.params ?? {}).map(([k, v]) => `{${k}}: \`${v}\``),
    ...Object.entries(permission.on?.body ?? {}).map(([k, v]) => `${k}: \`${v}\``),
  ];
  return named.length > 0 ? ` On ${named.join(', ')}.` : '';
}

/** docs/permissions.md, from the permission table (lib/permissions.ts). */
export function renderPermissionsDoc(): string {
  const lines = [
    '# Permissions',
    '',
    '<!-- Generated from apps/server/src/lib/permissions.ts by `npm run docs:permissions -w apps/server`. Do not edit by hand. -->',
    '',
    'Who may do what, for every route of the API (its OpenAPI document is at `/api/docs`).',
    'The server will not start with a route missing here, checks each route’s gate before the',
    'route runs, and a test sends every route as every actor below and compares the answers',
    'with this table (`apps/server/src/permissions.matrix.test.ts`; docs/decisions/0033).',
    '',
    '## Actors',
    '',
    'Relationships are to the request’s subject: the resource its path or body names (the',
    '“On” of each row).',
    '',
    '- **anon**: no session.',
    '- **member**: signed in (role member), with no tie to the subject.',
    '- **owner**: the member whose subject it is (their workout, log, diet, account…).',
    '- **friend**: a friend of the owner, with whom the owner shared the subject where it can be.',
    '- **player**, **scorer**, **team coach**, **team owner**: members of the subject team with',
    '  that team role; a personal subject (a workout) was given to that team where it can be.',
    '- **coach**: role coach, coaching the owner.',
    '- **admin**: role admin, with no tie to the subject.',
    '',
    '## Subjects',
    '',
    'What a row’s “On” names, as the matrix test makes it:',
    '',
    ...Object.entries(subjectTexts).map(([subject, text]) => `- \`${subject}\`: ${text}`),
    '',
    '## Answers',
    '',
    '- ✓: allowed (the route runs; it may still refuse the input, 400/409/422).',
    '- 401: not signed in.',
    '- 403: refused, the requester knowing the subject exists (a role, or a thing they may see',
    '  but not change).',
    '- 404: hidden: to the requester the subject does not exist.',
    '',
    '## Gates',
    '',
    'Checked in one place before the route runs (`apps/server/src/plugins/permissions.ts`);',
    'the rest (ownership, friendship, team roles, coaching) is checked by the services.',
    '',
    ...Object.entries(gateTexts).map(([gate, text]) => `- \`${gate}\`: ${text}.`),
  ];
  for (const { feature, routes } of permissionFeatures) {
    lines.push(
      '',
      `## ${feature}`,
      '',
      `| Route | Gate | ${actors.map((a) => actorHeadings[a]).join(' | ')} | Who may |`,
      `| --- | --- | ${actors.map(() => ':-:').join(' | ')} | --- |`,
    );
    for (const [key, permission] of Object.entries(routes)) {
      const cells = actors.map((actor) => cell(permission, actor));
      const rule = `${permission.rule}${subjectsOf(permission)}`.replaceAll('|', '\\|');
      lines.push(`| \`${key}\` | ${permission.gate} | ${cells.join(' | ')} | ${rule} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
