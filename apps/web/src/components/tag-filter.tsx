import { Alert, Button, Chip, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconTag, IconX } from '@tabler/icons-react';
import type { Tag } from '@fitcoach/shared/exercises';
import { idParam } from '@fitcoach/shared/pagination';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The API refuses longer search text, so the URL never carries more than this. */
export const SEARCH_MAX_LENGTH = 100;

/** Waits for a pause in typing before searching, so each keystroke is not a request. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Selects share a row on phones and keep a steady width beside the search on wider screens. */
export const FILTER_SELECT_FLEX = { base: '1 1 140px', sm: '0 1 240px' } as const;

/** The filter a list shows, as the page URL carries it (`?tag_id=…&q=…`). */
export interface TagFilterValue {
  tagId: number | null;
  q: string;
}

/** What the spec's tag filter form posts: an empty `tag_id` clears the filter. */
export interface TagFilterBody {
  tag_id: number | '';
  q: string;
}

/** The filter in a page URL; anything malformed there reads as no filter. */
export function readTagFilter(params: URLSearchParams): TagFilterValue {
  const tag = idParam.safeParse(params.get('tag_id') ?? '');
  return {
    tagId: tag.success ? tag.data : null,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

/** The URL parameters with this filter in them; other parameters are kept. */
export function writeTagFilter(params: URLSearchParams, value: TagFilterValue): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.tagId === null) next.delete('tag_id');
  else next.set('tag_id', String(value.tagId));
  const q = value.q.trim();
  if (q) next.set('q', q);
  else next.delete('q');
  return next;
}

export function toTagFilterBody(value: TagFilterValue): TagFilterBody {
  return { tag_id: value.tagId ?? '', q: value.q.trim().slice(0, SEARCH_MAX_LENGTH) };
}

export function isTagFilterActive(value: TagFilterValue): boolean {
  return value.tagId !== null || value.q !== '';
}

interface FilterNavigationState {
  filterFormKey?: unknown;
}

/**
 * The key to mount the filter form with. The form's own submissions carry the key forward in
 * the history state, so what is being typed survives the URL update; any other change of URL
 * (back, forward, a link, a "Clear filter" outside the form) remounts it from the URL.
 */
export function filterFormKey(location: { key: string; state: unknown }): string {
  const state = location.state as FilterNavigationState | null;
  return typeof state?.filterFormKey === 'string' ? state.filterFormKey : location.key;
}

export function filterNavigationState(formKey: string): { filterFormKey: string } {
  return { filterFormKey: formKey };
}

export interface TagFilterProps {
  tags: Tag[];
  /** The filter the list shows now; the form starts from it. */
  initialValue: TagFilterValue;
  /** Submits the form (the page posts it to the list's filter endpoint). */
  onFilter: (body: TagFilterBody) => void;
  /** Clears every filter of the list (the page posts an empty `tag_id`). */
  onClear: () => void;
  /** Whether the list is filtered at all, counting filters other than tag and search. */
  active: boolean;
  pending?: boolean;
  error?: string | null;
  /** Names the form and the search box, e.g. "Search exercises", in the shown language. */
  searchLabel: string;
  /** Shown as one-click chips on wider screens. */
  popularTagSlugs?: readonly string[];
  /** More fields for the same row (the workout goal, say). */
  children?: ReactNode;
}

/**
 * The spec's tag filter form, shared by the exercise and workout lists: a searchable tag select
 * (empty clears the filter) and free-text search. Choosing a tag submits at once; typing
 * submits after a pause or on Enter.
 */
export function TagFilter({
  tags,
  initialValue,
  onFilter,
  onClear,
  active,
  pending = false,
  error = null,
  searchLabel,
  popularTagSlugs = [],
  children,
}: TagFilterProps) {
  const { t } = useTranslation();
  const [tagId, setTagId] = useState(initialValue.tagId);
  const [q, setQ] = useState(initialValue.q);
  const searchRef = useRef<HTMLInputElement>(null);
  const submitSearch = useDebouncedCallback(
    (text: string) => onFilter(toTagFilterBody({ tagId, q: text })),
    SEARCH_DEBOUNCE_MS,
  );

  const popular = popularTagSlugs
    .map((slug) => tags.find((tag) => tag.slug === slug))
    .filter((tag): tag is Tag => tag !== undefined);

  function chooseTag(next: number | null) {
    submitSearch.cancel();
    setTagId(next);
    onFilter(toTagFilterBody({ tagId: next, q }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitSearch.cancel();
    onFilter(toTagFilterBody({ tagId, q }));
  }

  function clear() {
    submitSearch.cancel();
    setTagId(null);
    setQ('');
    onClear();
    // The button disappears with the filter; keep the keyboard where the next search starts.
    searchRef.current?.focus();
  }

  return (
    <form role="search" aria-label={searchLabel} onSubmit={submit}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            ref={searchRef}
            name="q"
            type="search"
            enterKeyHint="search"
            aria-label={searchLabel}
            placeholder={searchLabel}
            value={q}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setQ(text);
              submitSearch(text);
            }}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              pending ? <Loader size={16} aria-label={t('tagFilter.filtering')} /> : null
            }
            flex="1 1 240px"
            miw={0}
          />
          <Select
            name="tag_id"
            aria-label={t('tagFilter.tag')}
            placeholder={t('tagFilter.allTags')}
            data={tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
            value={tagId === null ? null : String(tagId)}
            onChange={(value) => chooseTag(value ? Number(value) : null)}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('tagFilter.clearTag') }}
            nothingFoundMessage={t('tagFilter.noResults')}
            leftSection={<IconTag size={16} aria-hidden />}
            maxDropdownHeight={280}
            comboboxProps={{ shadow: 'md' }}
            flex={FILTER_SELECT_FLEX}
            miw={0}
          />
          {children}
          {active && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={clear}
            >
              {t('tagFilter.clearFilter')}
            </Button>
          )}
        </Group>
        {popular.length > 0 && (
          <Group gap={6} visibleFrom="sm" role="group" aria-label={t('tagFilter.popularTags')}>
            {popular.map((tag) => (
              <Chip
                key={tag.id}
                size="xs"
                variant="light"
                checked={tagId === tag.id}
                onChange={() => chooseTag(tagId === tag.id ? null : tag.id)}
              >
                {tag.name}
              </Chip>
            ))}
          </Group>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
