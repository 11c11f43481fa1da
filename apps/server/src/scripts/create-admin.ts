// `npm run create-admin -- --email E --password P [--name N]`: creates an admin account, or
// promotes an existing one and sets its password.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from '@fitcoach/shared/profile';
import { loadConfig } from '../config/env';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open-configured';
import { createOrPromoteAdmin } from '../features/auth/auth.service';

const argsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
});

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
  },
});

const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues)
    console.error(`--${issue.path.join('.')}: ${issue.message}`);
  console.error(
    'Usage: npm run create-admin -- --email you@example.com --password "a long password" [--name "Your Name"]',
  );
  process.exit(1);
}

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  await runMigrations(handle);
  const { user, created } = await createOrPromoteAdmin(handle.db, parsed.data);
  console.log(
    created ? `Created admin ${user.email}.` : `${user.email} is now an admin; password updated.`,
  );
} finally {
  await handle.close();
}
