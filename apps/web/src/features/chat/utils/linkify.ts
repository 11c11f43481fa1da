/** A piece of a message: text as it is, or a web link to make clickable. */
export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than a link ("see https://x.org."). */
const TRAILING = /[.,;:!?'")\]}]+$/;

/** An http(s) URL as the browser would open it, or null (any other scheme stays text). */
function webHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and links. Only http and https links are made clickable; the
 * rest is text and is rendered as text (never as HTML).
 */
export function linkify(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const trimmed = raw.replace(TRAILING, '');
    const href = webHref(trimmed);
    if (!href) continue;
    const start = match.index;
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'link', text: trimmed, href });
    at = start + trimmed.length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}
