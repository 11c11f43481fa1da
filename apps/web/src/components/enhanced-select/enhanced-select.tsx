import {
  CloseButton,
  Combobox,
  Group,
  Loader,
  Pill,
  PillsInput,
  Text,
  TextInput,
  VisuallyHidden,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One page of a server-side search: `next_cursor` is passed back for the next page. */
export interface SearchPage<T> {
  items: T[];
  next_cursor: string | null;
}

export type SearchFetcher<T> = (
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
) => Promise<SearchPage<T>>;

/** The spec's select box: more results load once the list is scrolled within 50 px of its end. */
export const LOAD_MORE_THRESHOLD_PX = 50;
/** Typing settles for this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface EnhancedSelectProps<T> {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  /** The cache key of this search (from the owning feature's key factory); `q` is added to it. */
  queryKey: QueryKey;
  fetcher: SearchFetcher<T>;
  getValue: (item: T) => string;
  getLabel: (item: T) => string;
  /** How an option shows (default: its label). */
  renderOption?: (item: T) => ReactNode;
  /** Several items (shown as pills) or one. */
  multiple?: boolean;
  value: T[];
  onChange: (items: T[]) => void;
  /** No minimum or maximum by default (the spec). */
  minInputLength?: number;
  maxInputLength?: number;
  maxSelected?: number;
  disabled?: boolean;
  /** Marks the field required (the asterisk and `aria-required`); single mode only. */
  required?: boolean;
  /** Whether a chosen item can be cleared with a button (single mode only; default yes). */
  clearable?: boolean;
  /** An icon before the text (single mode only). */
  leftSection?: ReactNode;
  error?: ReactNode;
  /** Focused when its modal opens (Mantine's `data-autofocus`): the field is the modal's point. */
  autoFocus?: boolean;
}

/**
 * One picker for every long list (members, friends, exercises, foods, workouts): type to search
 * on the server, page by scrolling, pick one or several. Built on Mantine's Combobox (combobox
 * and listbox roles, arrows, Enter and Escape); the status line is also said in a live region.
 */
export function EnhancedSelect<T>({
  label,
  placeholder,
  description,
  queryKey,
  fetcher,
  getValue,
  getLabel,
  renderOption,
  multiple = false,
  value,
  onChange,
  minInputLength = 0,
  maxInputLength,
  maxSelected,
  disabled,
  required,
  clearable = true,
  leftSection,
  error,
  autoFocus,
}: EnhancedSelectProps<T>) {
  const { t } = useTranslation();
  const statusId = useId();
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const [search, setSearch] = useState(() =>
    !multiple && value[0] !== undefined ? getLabel(value[0]) : '',
  );
  // In single mode the input shows the chosen item's label until the member types again.
  const [typing, setTyping] = useState(false);
  const q = multiple || typing ? search.trim() : '';
  const [debounced] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);

  const tooShort = minInputLength - q.length;
  const tooLong = maxInputLength === undefined ? 0 : q.length - maxInputLength;
  const full = multiple && maxSelected !== undefined && value.length >= maxSelected;
  const opened = combobox.dropdownOpened;
  const canSearch = opened && tooShort <= 0 && tooLong <= 0 && !full;

  const results = useInfiniteQuery({
    queryKey: [...queryKey, debounced],
    queryFn: ({ pageParam, signal }) => fetcher(debounced, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: canSearch && debounced === q,
  });
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = new Set(value.map(getValue));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;

  const listRef = useRef<HTMLDivElement>(null);
  const loadMoreIfNearEnd = useCallback(() => {
    const list = listRef.current;
    if (!list || !hasNextPage || isFetchingNextPage) return;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_THRESHOLD_PX) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A first page too short to scroll could never reach its end: it asks for more at once.
  useEffect(() => {
    if (opened && results.isSuccess) loadMoreIfNearEnd();
  }, [opened, results.isSuccess, results.data, loadMoreIfNearEnd]);

  const waiting = canSearch && (debounced !== q || results.isPending);
  let status: string | null = null;
  if (full) status = t('select.maximumSelected', { count: maxSelected });
  else if (tooShort > 0) status = t('select.inputTooShort', { count: tooShort });
  else if (tooLong > 0) status = t('select.inputTooLong', { count: tooLong });
  else if (waiting) status = t('select.searching');
  else if (results.isError && items.length === 0) status = t('select.errorLoading');
  else if (results.isSuccess && items.length === 0) status = t('select.noResults');
  else if (isFetchingNextPage) status = t('select.loadingMore');
  else if (results.isError) status = t('select.errorLoading');

  function choose(key: string) {
    const item = items.find((i) => getValue(i) === key);
    if (!item) return;
    if (multiple) {
      if (selected.has(key)) onChange(value.filter((v) => getValue(v) !== key));
      else if (!full) onChange([...value, item]);
      setSearch('');
      return;
    }
    onChange([item]);
    setSearch(getLabel(item));
    setTyping(false);
    combobox.closeDropdown();
  }

  function type(text: string) {
    setSearch(text);
    setTyping(true);
    combobox.openDropdown();
    combobox.resetSelectedOption();
    if (!multiple && value.length > 0) onChange([]);
  }

  const options = full
    ? []
    : items.map((item) => {
        const key = getValue(item);
        return (
          <Combobox.Option value={key} key={key} active={selected.has(key)}>
            <Group gap="sm" wrap="nowrap">
              {renderOption ? renderOption(item) : <Text size="sm">{getLabel(item)}</Text>}
            </Group>
          </Combobox.Option>
        );
      });

  // In single mode, while nothing is typed, the input shows the chosen item as the owner holds it
  // (a renamed or newly loaded item shows at once).
  const shown = multiple || typing ? search : value[0] !== undefined ? getLabel(value[0]) : '';

  const inputProps = {
    placeholder,
    'data-autofocus': autoFocus || undefined,
    value: shown,
    disabled,
    'aria-describedby': status ? statusId : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => type(event.currentTarget.value),
    onClick: () => combobox.openDropdown(),
    onFocus: () => combobox.openDropdown(),
    onBlur: () => {
      combobox.closeDropdown();
      if (!multiple) {
        setTyping(false);
        setSearch(value[0] !== undefined ? getLabel(value[0]) : '');
      }
    },
  };

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false} disabled={disabled}>
        {multiple ? (
          <Combobox.DropdownTarget>
            <PillsInput
              label={label}
              description={description}
              error={error}
              disabled={disabled}
              onClick={() => combobox.openDropdown()}
            >
              <Pill.Group>
                {value.map((item) => (
                  <Pill
                    key={getValue(item)}
                    withRemoveButton
                    // Mantine hides the remove button from assistive tech and the Tab key;
                    // here it is a named button any member can reach.
                    removeButtonProps={{
                      'aria-label': t('select.remove', { label: getLabel(item) }),
                      'aria-hidden': false,
                      tabIndex: 0,
                    }}
                    onRemove={() => onChange(value.filter((v) => getValue(v) !== getValue(item)))}
                  >
                    {getLabel(item)}
                  </Pill>
                ))}
                <Combobox.EventsTarget withExpandedAttribute>
                  <PillsInput.Field
                    {...inputProps}
                    aria-label={label}
                    onKeyDown={(event) => {
                      if (event.key === 'Backspace' && search === '' && value.length > 0) {
                        event.preventDefault();
                        onChange(value.slice(0, -1));
                      }
                    }}
                  />
                </Combobox.EventsTarget>
              </Pill.Group>
            </PillsInput>
          </Combobox.DropdownTarget>
        ) : (
          <Combobox.Target withExpandedAttribute>
            <TextInput
              {...inputProps}
              label={label}
              description={description}
              error={error}
              required={required}
              leftSection={leftSection}
              rightSection={
                value.length > 0 && clearable && !disabled ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('select.clear')}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      onChange([]);
                      setSearch('');
                    }}
                  />
                ) : results.isFetching && opened ? (
                  <Loader size={16} aria-hidden />
                ) : (
                  <Combobox.Chevron />
                )
              }
            />
          </Combobox.Target>
        )}

        <Combobox.Dropdown>
          <Combobox.Options
            ref={listRef}
            mah={260}
            style={{ overflowY: 'auto' }}
            onScroll={loadMoreIfNearEnd}
            aria-label={label}
          >
            {options}
            {status && (
              <Combobox.Empty id={statusId} aria-hidden>
                {status}
              </Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {/* Said by screen readers as it changes: searching, how many characters, no results. */}
      <VisuallyHidden role="status" aria-live="polite">
        {opened ? status : null}
      </VisuallyHidden>
    </>
  );
}
