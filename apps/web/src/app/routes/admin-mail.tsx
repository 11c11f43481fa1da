import { redirect } from 'react-router';
import { paths } from '../../config/paths';

/** The outbox moved into the admin area's tabs; old links and bookmarks land there. */
export function loader() {
  return redirect(paths.admin.href('mail'));
}

export function Component() {
  return null;
}
