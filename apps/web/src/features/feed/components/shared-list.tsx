import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import type {
  FeedMember,
  SharedDietItem,
  SharedItem,
  SharedProgramItem,
  SharedTrainerThreadItem,
} from '@fitcoach/shared/feed';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import {
  useShared,
  useSharedDiets,
  useSharedPrograms,
  useSharedTrainerThreads,
} from '../api/get-shared';
import { useSaveSharedCopy } from '../api/save-shared-copy';
import { loadFailed } from '../../../lib/query-state';

/** The kinds of thing friends share, each a section of "Shared with me". */
export type SharedKind = 'workouts' | 'diets' | 'programs' | 'trainerThreads';

interface Items {
  workouts: SharedItem;
  diets: SharedDietItem;
  programs: SharedProgramItem;
  trainerThreads: SharedTrainerThreadItem;
}

interface PagedShares<T> {
  data?: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isLoadingError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** What a card shows of the shared thing: its title (a link to it) and a few facts. */
interface CardFace {
  id: number;
  title: string;
  badges: [string, ...string[]];
}

/** One kind: its list, its heading and empty text, and how its card reads. */
interface KindView<T> {
  useShares: () => PagedShares<T>;
  heading: (t: TFunction<'feed'>) => string;
  empty: (t: TFunction<'feed'>) => string;
  face: (item: T, t: TFunction<'feed'>) => CardFace;
}

const views: { [K in SharedKind]: KindView<Items[K]> } = {
  workouts: {
    useShares: useShared,
    heading: (t) => t('shared.workouts'),
    empty: (t) => t('shared.empty'),
    face: ({ workout }, t) => ({
      id: workout.id,
      title: workout.title,
      badges: [
        t('shared.exercises', { count: workout.exercise_count }),
        t('shared.minutes', { count: workout.estimated_minutes }),
      ],
    }),
  },
  diets: {
    useShares: useSharedDiets,
    heading: (t) => t('shared.diets'),
    empty: (t) => t('shared.emptyDiets'),
    face: ({ diet }, t) => ({
      id: diet.id,
      title: diet.title,
      badges: [
        t('shared.kcal', { kcal: diet.kcal }),
        t(`options.mealPreference.${diet.meal_preference}`, { ns: 'common' }),
      ],
    }),
  },
  programs: {
    useShares: useSharedPrograms,
    heading: (t) => t('shared.programs'),
    empty: (t) => t('shared.emptyPrograms'),
    face: ({ program }, t) => ({
      id: program.id,
      title: program.title,
      badges: [
        t('shared.weeks', { count: program.weeks, sessions: program.sessions_per_week }),
        t(`options.workoutGoal.${program.goal}`, { ns: 'common' }),
      ],
    }),
  },
  trainerThreads: {
    useShares: useSharedTrainerThreads,
    heading: (t) => t('shared.trainerThreads'),
    empty: (t) => t('shared.emptyTrainerThreads'),
    face: ({ thread }, t) => ({
      id: thread.id,
      title: thread.title,
      badges: [
        t('shared.questions', { count: thread.question_count }),
        t('shared.withTrainer', { name: thread.persona_name }),
      ],
    }),
  },
};

/** Who shared it and when, above each card. */
function SharedBy({ from, sharedAt }: { from: FeedMember; sharedAt: string }) {
  const { t } = useTranslation('feed');
  const format = useFormat();
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={from.avatar_url} name={from.name} alt="" />
      <Text size="sm">{t('shared.by', { name: from.name, date: format.date(sharedAt) })}</Text>
    </Group>
  );
}

/** "Save a copy" of a shared workout, right on its card; the copy then opens. */
function SaveCopyButton({
  shareId,
  onSaved,
}: {
  shareId: number;
  onSaved: (copy: WorkoutDetail) => void;
}) {
  const { t } = useTranslation('feed');
  const save = useSaveSharedCopy();
  return (
    <Stack gap="xs">
      {save.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(save.error)}
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          leftSection={<IconCopy size={16} aria-hidden />}
          loading={save.isPending}
          onClick={() => save.mutate(shareId, { onSuccess: onSaved })}
        >
          {t('shared.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function SharedCard({
  face,
  from,
  sharedAt,
  href,
  action,
}: {
  face: CardFace;
  from: FeedMember;
  sharedAt: string;
  href: string;
  action: ReactNode;
}) {
  const [first, ...rest] = face.badges;
  return (
    <Card withBorder padding="md" component="article" aria-label={face.title}>
      <Stack gap="sm">
        <SharedBy from={from} sharedAt={sharedAt} />
        <Stack gap={2}>
          <Text component={Link} to={href} fw={700} td="underline">
            {face.title}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{first}</Badge>
            {rest.map((b) => (
              <Badge key={b} variant="light" color="gray">
                {b}
              </Badge>
            ))}
          </Group>
        </Stack>
        {action}
      </Stack>
    </Card>
  );
}

export type SharedSectionProps =
  | {
      kind: 'workouts';
      /** Where a shared item opens. */
      href: (id: number) => string;
      /** Where a saved copy of a workout opens (its card saves the copy itself). */
      onSaved: (copy: WorkoutDetail) => void;
    }
  | {
      /** Diets, programs and trainer conversations open read-only, with a copy button there. */
      kind: Exclude<SharedKind, 'workouts'>;
      href: (id: number) => string;
    };

/**
 * One section of "Shared with me", for any kind: its heading, then loading, failure, the empty
 * text or the cards (who shared each and when, a link to it, a few facts), and "Load more".
 */
export function SharedSection(props: SharedSectionProps) {
  return (
    <KindSection
      kind={props.kind}
      href={props.href}
      onSaved={props.kind === 'workouts' ? props.onSaved : null}
    />
  );
}

function KindSection<K extends SharedKind>({
  kind,
  href,
  onSaved,
}: {
  kind: K;
  href: (id: number) => string;
  onSaved: ((copy: WorkoutDetail) => void) | null;
}) {
  const view: KindView<Items[K]> = views[kind];
  const { t } = useTranslation('feed');
  const query = view.useShares();
  const headingId = `shared-${kind}`;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={96} />
        <Skeleton height={96} />
      </Stack>
    );
  } else if (loadFailed(query)) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('failed')}>
        {errorMessage(query.error)}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        {items.length === 0 && <Text c="dimmed">{view.empty(t)}</Text>}
        {items.map((item) => {
          const face = view.face(item, t);
          return (
            <SharedCard
              key={item.id}
              face={face}
              from={item.from}
              sharedAt={item.shared_at}
              href={href(face.id)}
              action={onSaved && <SaveCopyButton shareId={item.id} onSaved={onSaved} />}
            />
          );
        })}
        {query.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('loadMore')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {view.heading(t)}
      </Title>
      {body}
    </Stack>
  );
}
