import type { ProgramList, ProgramSummary } from '@fitcoach/shared/programs';
import type { SearchPage } from '../../../components/enhanced-select/enhanced-select';
import { api } from '../../../lib/api-client';

/**
 * The assign form's fetcher: the programs a coach may assign (their own and the library's,
 * as the server allows), filtered by title on the page: `GET /api/program` is one short list.
 */
export async function searchAssignablePrograms(
  q: string,
  _cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage<ProgramSummary>> {
  const list = await api.get<ProgramList>('/api/program', signal);
  const needle = q.trim().toLocaleLowerCase();
  return {
    items: list.items.filter(
      (p) =>
        (p.is_mine || p.visibility === 'public') &&
        (needle === '' || p.title.toLocaleLowerCase().includes(needle)),
    ),
    next_cursor: null,
  };
}
