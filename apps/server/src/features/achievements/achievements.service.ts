import { notFound } from '../../lib/http-error';
import { badgeSvg, isBadgeKey, type BadgeKey } from './badges';

// Each badge is drawn once per process: the art never changes while it runs.
const drawn = new Map<BadgeKey, string>();

/** A badge image by its file name (`<badge>.svg`), or a 404. */
export function badgeImage(file: string): string {
  const key = file.replace(/\.svg$/, '');
  if (!file.endsWith('.svg') || !isBadgeKey(key)) throw notFound('badge');
  let svg = drawn.get(key);
  if (!svg) {
    svg = badgeSvg(key);
    drawn.set(key, svg);
  }
  return svg;
}
