// `npm run docs:permissions -w apps/server`: writes docs/permissions.md from the permission
// table (lib/permissions.ts). permissions-doc.test.ts fails while the page is out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSIONS_DOC_PATH, renderPermissionsDoc } from '../lib/permissions-doc';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const file = path.join(root, PERMISSIONS_DOC_PATH);
writeFileSync(file, renderPermissionsDoc());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
