import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconEdit,
  IconPlayerPlayFilled,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { minutesText } from '../lib/workout-units';

export function WorkoutHeader({
  workout,
  onStartGuided,
  onShare,
  onCopy,
  onEdit,
  onDelete,
  copying,
}: {
  workout: WorkoutDetail;
  onStartGuided: () => void;
  onShare: () => void;
  onCopy: () => void;
  onEdit: () => void;
  onDelete: () => void;
  copying: boolean;
}) {
  const { t } = useTranslation('workouts');
  const format = useFormat();
  // The library's name is the brand's, in every language.
  const owner = workout.owner ? workout.owner.name : 'FitCoach';
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {workout.title}
        </Title>
        <Group gap={6}>
          <Badge variant="light">{t(`goals.${workout.goal}`)}</Badge>
          <Badge variant="light" color="gray">
            {t(`levels.${workout.level}`)}
          </Badge>
          <Badge variant="light" color="gray">
            {minutesText(format.locale, workout.estimated_minutes)}
          </Badge>
          <Text size="sm" c="dimmed">
            {workout.is_public ? t('header.by', { owner }) : t('header.byPrivate', { owner })}
          </Text>
        </Group>
        {workout.description && <Text c="dimmed">{workout.description}</Text>}
        {workout.tags.length > 0 && (
          <Group gap={4}>
            {workout.tags.map((tag) => (
              <Badge key={tag.id} size="sm" variant="outline" color="gray">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Group gap="xs">
        <Button leftSection={<IconPlayerPlayFilled size={16} />} onClick={onStartGuided}>
          {t('header.startGuided')}
        </Button>
        <Button variant="default" leftSection={<IconShare size={16} />} onClick={onShare}>
          {t('header.share')}
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('header.moreActions')}
              loading={copying}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={onCopy}>
              {t('header.copy')}
            </Menu.Item>
            {workout.can_edit && (
              <>
                <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
                  {t('header.edit')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                  {t('header.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}
