// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import { renderWithApp } from '../../test/render';
import { EnhancedSelect, type SearchFetcher, type SearchPage } from './enhanced-select';

interface Person {
  id: number;
  name: string;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

const people = (from: number, count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Person ${from + i}` }));

function Harness({
  fetcher,
  multiple = false,
  onChange,
  ...limits
}: {
  fetcher: SearchFetcher<Person>;
  multiple?: boolean;
  onChange?: (items: Person[]) => void;
  minInputLength?: number;
  maxInputLength?: number;
  maxSelected?: number;
}) {
  const [value, setValue] = useState<Person[]>([]);
  return (
    <EnhancedSelect<Person>
      label="Member"
      queryKey={['test', 'people']}
      fetcher={fetcher}
      getValue={(p) => String(p.id)}
      getLabel={(p) => p.name}
      multiple={multiple}
      value={value}
      onChange={(items) => {
        setValue(items);
        onChange?.(items);
      }}
      {...limits}
    />
  );
}

const listbox = () => screen.getByRole('listbox', { hidden: true });
const status = () => screen.getByRole('status');

describe('EnhancedSelect', () => {
  it('searches on the server as you type and picks an option with the keyboard', async () => {
    const fetcher = vi.fn<SearchFetcher<Person>>((q) =>
      Promise.resolve({
        items: q === 'ali' ? [{ id: 7, name: 'Alice' }] : people(1, 2),
        next_cursor: null,
      }),
    );
    const onChange = vi.fn();
    const { user } = renderWithApp(<Harness fetcher={fetcher} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Member' });
    await user.click(input);
    await screen.findByRole('option', { name: 'Person 1' });
    expect(fetcher).toHaveBeenCalledWith('', null, expect.anything());
    await user.type(input, 'ali');
    expect(status().textContent).toBe('Searching…');
    await screen.findByRole('option', { name: 'Alice' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([{ id: 7, name: 'Alice' }]);
    expect(input).toHaveProperty('value', 'Alice');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing is found, and when the results could not be loaded', async () => {
    const fetcher = vi.fn<SearchFetcher<Person>>((q) =>
      q === 'boom'
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ items: [], next_cursor: null }),
    );
    const { user } = renderWithApp(<Harness fetcher={fetcher} />);
    const input = screen.getByRole('combobox', { name: 'Member' });
    await user.type(input, 'zz');
    await waitFor(() => expect(status().textContent).toBe('No results found'));
    expect(within(listbox()).getByText('No results found')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'boom');
    await waitFor(() => expect(status().textContent).toBe('The results could not be loaded.'));
  });

  it('asks for more or fewer characters when a picker sets limits', async () => {
    const fetcher = vi.fn<SearchFetcher<Person>>(() =>
      Promise.resolve({ items: people(1, 1), next_cursor: null }),
    );
    const { user } = renderWithApp(
      <Harness fetcher={fetcher} minInputLength={3} maxInputLength={5} />,
    );
    const input = screen.getByRole('combobox', { name: 'Member' });
    await user.click(input);
    expect(status().textContent).toBe('Please enter 3 or more characters');
    await user.type(input, 'ab');
    expect(status().textContent).toBe('Please enter 1 or more characters');
    await user.type(input, 'cdefgh');
    expect(status().textContent).toBe('Please delete 3 characters');
    await user.type(input, '{Backspace}{Backspace}');
    expect(status().textContent).toBe('Please delete 1 character');
    expect(fetcher).not.toHaveBeenCalled();
    await user.type(input, '{Backspace}');
    await screen.findByRole('option', { name: 'Person 1' });
    expect(fetcher).toHaveBeenCalledWith('abcde', null, expect.anything());
  });

  it('picks several, up to the maximum, and says so', async () => {
    const fetcher = vi.fn<SearchFetcher<Person>>(() =>
      Promise.resolve({ items: people(1, 3), next_cursor: null }),
    );
    const onChange = vi.fn();
    const { user } = renderWithApp(
      <Harness fetcher={fetcher} multiple maxSelected={2} onChange={onChange} />,
    );
    const input = screen.getByRole('combobox', { name: 'Member' });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Person 1' }));
    await user.click(await screen.findByRole('option', { name: 'Person 2' }));
    expect(onChange).toHaveBeenLastCalledWith(people(1, 2));
    expect(status().textContent).toBe('You can only select 2 items');
    expect(screen.queryAllByRole('option')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Person 1' }));
    expect(onChange).toHaveBeenLastCalledWith(people(2, 1));
  });

  it('loads the next page when the list is scrolled within 50 px of its end', async () => {
    let release: (() => void) | null = null;
    const fetcher = vi.fn<SearchFetcher<Person>>(
      (_q, cursor) =>
        new Promise<SearchPage<Person>>((resolve) => {
          const page = cursor === null ? people(1, 20) : people(21, 5);
          const answer = () => resolve({ items: page, next_cursor: cursor === null ? 'p2' : null });
          if (cursor === null) answer();
          else release = answer;
        }),
    );
    // jsdom lays nothing out: the list's sizes are set as a browser would report them.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(260);
    const { user } = renderWithApp(<Harness fetcher={fetcher} />);
    await user.click(screen.getByRole('combobox', { name: 'Member' }));
    await screen.findByRole('option', { name: 'Person 20' });
    const list = listbox();
    list.scrollTop = 600; // 140 px from the end: not yet
    fireEvent.scroll(list);
    expect(fetcher).toHaveBeenCalledTimes(1);
    list.scrollTop = 700; // 40 px from the end
    fireEvent.scroll(list);
    await waitFor(() => expect(fetcher).toHaveBeenCalledWith('', 'p2', expect.anything()));
    await waitFor(() => expect(status().textContent).toBe('Loading more results…'));
    act(() => release?.());
    await screen.findByRole('option', { name: 'Person 25' });
  });

  it('speaks Spanish, with the numbers filled in', async () => {
    await changeLocale('es');
    const fetcher = vi.fn<SearchFetcher<Person>>(() =>
      Promise.resolve({ items: [], next_cursor: null }),
    );
    const { user } = renderWithApp(<Harness fetcher={fetcher} minInputLength={2} />);
    await user.click(screen.getByRole('combobox', { name: 'Member' }));
    expect(status().textContent).toBe('Introduce 2 caracteres o más');
  });
});
