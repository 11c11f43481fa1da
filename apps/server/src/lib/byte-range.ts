/**
 * One `bytes=` range of a file of `size` bytes (a video element asks for them to seek), null
 * when there is none or it is not one we serve (several ranges: the whole file instead), or
 * `unsatisfiable` when it starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last `to` bytes.
    const length = Math.min(Number(to), size);
    if (length === 0) return 'unsatisfiable';
    return { start: size - length, end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
