import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import type { VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import { useTranslation } from 'react-i18next';

/**
 * What the trainer answered in place: an answer with the knowledge entries it used, or an
 * exercise's steps, cues and common mistakes. Workouts, programs and diets open their own pages.
 */
export function TrainerAnswer({
  result,
  threadHref,
}: {
  result: VirtualTrainerResult;
  threadHref?: ((threadId: number) => string) | undefined;
}) {
  const { t } = useTranslation('virtual-trainer');
  const lists = [
    { key: 'steps', items: result.steps },
    { key: 'cues', items: result.cues },
    { key: 'mistakes', items: result.mistakes },
  ] as const;
  return (
    <Card withBorder padding="lg" aria-live="polite">
      <Stack gap="md">
        <Title order={2} size="h3" tabIndex={-1} data-autofocus>
          {t('answer.title')}
        </Title>
        {result.answer && <Text style={{ whiteSpace: 'pre-line' }}>{result.answer}</Text>}
        {result.citations.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('answer.sources')}
            </Text>
            <List size="sm">
              {result.citations.map((c) => (
                <List.Item key={c.slug}>{c.title}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        {lists.map(({ key, items }) =>
          items.length > 0 ? (
            <Stack gap={4} key={key}>
              <Title order={3} size="h5">
                {t(`answer.${key}`)}
              </Title>
              <List type={key === 'steps' ? 'ordered' : 'unordered'} size="sm" spacing={4}>
                {items.map((item, i) => (
                  <List.Item key={i}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          ) : null,
        )}
        {result.notes.length > 0 && (
          <List size="sm" c="dimmed">
            {result.notes.map((note, i) => (
              <List.Item key={i}>{note}</List.Item>
            ))}
          </List>
        )}
        {result.thread_id !== null && threadHref && (
          <Anchor href={threadHref(result.thread_id)}>{t('answer.continue')}</Anchor>
        )}
      </Stack>
    </Card>
  );
}
