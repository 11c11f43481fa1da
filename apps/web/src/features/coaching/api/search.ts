import type { ProgramList, ProgramSummary } from '@fitcoach/shared/programs';
import type { SearchPage } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/**
 * The assign form's fetcher: the programs a coach may assign (their own and the library's),
 * searched by title on the server, so a large library is searched whole, not its first page.
 */
export async function searchAssignablePrograms(
  q: string,
  _cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage<ProgramSummary>> {
  const needle = q.trim();
  const query = needle === '' ? '' : `?q=${encodeURIComponent(needle)}`;
  const list = await api.get<ProgramList>(`/api/program${query}`, signal);
  return {
    items: list.items.filter((p) => p.is_mine || p.visibility === 'public'),
    next_cursor: null,
  };
}
