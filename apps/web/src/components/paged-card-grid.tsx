import { Alert, Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form-errors';

/** One card a row on phones, two on tablets, three on desktops. */
export const CARD_GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

/** What the grid needs of a TanStack infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

export interface PagedCardGridProps<T> {
  query: PagedQuery;
  items: T[];
  /**
   * The thing listed, singular and plural, in the shown language ("exercise", "exercises"):
   * the grid's own texts put it after the count ("12 exercises", "Load more exercises").
   */
  noun: { one: string; many: string };
  /** A new filter is on its way: the cards dim and "Load more" waits. */
  updating: boolean;
  /** Shown instead of the grid when there are no items. */
  empty: ReactNode;
  /** A card, with its key. */
  renderItem: (item: T) => ReactNode;
}

/** A list of cards a page at a time: count, grid, "Load more", and its error. */
export function PagedCardGrid<T>({
  query,
  items,
  noun,
  updating,
  empty,
  renderItem,
}: PagedCardGridProps<T>) {
  const { t } = useTranslation();
  const count = items.length;
  return (
    <Box
      aria-busy={updating}
      style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 120ms ease' }}
    >
      {items.length === 0 ? (
        empty
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.hasNextPage
              ? t('pagedGrid.showingFirst', { count, noun: noun.many })
              : t('pagedGrid.total', { count, noun: count === 1 ? noun.one : noun.many })}
          </Text>
          <SimpleGrid cols={CARD_GRID_COLS} spacing="md">
            {items.map(renderItem)}
          </SimpleGrid>
          {query.isFetchNextPageError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {errorMessage(query.error)}
            </Alert>
          )}
          {query.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                disabled={updating}
                w={{ base: '100%', sm: 'auto' }}
              >
                {t('pagedGrid.loadMore', { noun: noun.many })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Box>
  );
}
