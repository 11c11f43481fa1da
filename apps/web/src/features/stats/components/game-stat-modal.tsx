import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GAME_NOTES_MAX,
  GAME_STAT_MAX,
  gameSports,
  gameStatFields,
  sportStats,
  VS_NAME_MAX,
  type GameSport,
  type GameStat,
  type GameStatField,
} from '@fitcoach/shared/game-stats';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { localDate } from '../../../lib/local-date';
import { useCreateGameStat, useUpdateGameStat } from '../api/save-game-stat';
import {
  initialGameValues,
  latestGameDate,
  toGameInput,
  validateGame,
  type GameFormValues,
} from '../utils/game-form';

/**
 * The sport's own stats, shown at once, and the others, behind "Other stats" (kills and digs
 * mean nothing in basketball). "Other" sports show every stat: which ones count is the member's.
 */
export function fieldsOf(sport: GameSport): { own: GameStatField[]; rest: GameStatField[] } {
  if (sport === 'other') return { own: [...gameStatFields], rest: [] };
  const own = sportStats[sport];
  return { own: [...own], rest: gameStatFields.filter((f) => !own.includes(f)) };
}

function GameForm({ game, onClose }: { game: GameStat | null; onClose: () => void }) {
  const { t } = useTranslation('stats');
  const create = useCreateGameStat();
  const update = useUpdateGameStat();
  const save = game ? update : create;
  const form = useForm<GameFormValues>({
    mode: 'controlled',
    initialValues: initialGameValues(localDate(), game ?? undefined),
    validate: (values) => validateGame(values),
  });

  const submit = form.onSubmit((values) => {
    const input = toGameInput(values);
    const done = {
      onSuccess: (saved: GameStat) => {
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          title: t('games.modal.saved'),
          message: t('games.modal.savedMessage', { name: saved.vs_name }),
        });
        onClose();
      },
      onError: (error: unknown) => form.setErrors(apiFieldErrors(error)),
    };
    if (game) update.mutate({ id: game.id, input }, done);
    else create.mutate(input, done);
  });

  const hasFieldErrors = save.isError && Object.keys(apiFieldErrors(save.error)).length > 0;
  const sport = form.values.sport;
  const { own, rest } = fieldsOf(sport);
  // A stat already filled in (an edited game, a sport changed after typing) is never hidden.
  const [othersOpen, setOthersOpen] = useState(false);
  const showOthers = othersOpen || rest.some((f) => Number(form.values[f]) > 0);
  const statInput = (field: GameStatField) => (
    <NumberInput
      key={field}
      label={t(`games.stats.${field}`)}
      // The spec: minimum 0, and the step buttons never go below it.
      min={0}
      max={GAME_STAT_MAX[field]}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('games.modal.intro')}
        </Text>
        {save.isError && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <TextInput
          label={t('games.modal.vsName')}
          placeholder={t('games.modal.vsNamePlaceholder')}
          required
          maxLength={VS_NAME_MAX}
          data-autofocus
          {...form.getInputProps('vs_name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('games.modal.date')}
            type="date"
            required
            max={latestGameDate()}
            {...form.getInputProps('game_date')}
          />
          <Select
            label={t('games.modal.sport')}
            required
            allowDeselect={false}
            data={gameSports.map((s) => ({ value: s, label: t(`games.sports.${s}`) }))}
            {...form.getInputProps('sport')}
          />
        </SimpleGrid>
        <Title order={3} size="h5" id="game-numbers">
          {t('games.modal.numbers')}
        </Title>
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 4 }}
          spacing="sm"
          role="group"
          aria-labelledby="game-numbers"
        >
          {own.map(statInput)}
          {showOthers && rest.map(statInput)}
        </SimpleGrid>
        {rest.length > 0 && !rest.some((f) => Number(form.values[f]) > 0) && (
          <Group>
            <Button
              variant="subtle"
              size="sm"
              onClick={() => setOthersOpen((open) => !open)}
              aria-expanded={showOthers}
            >
              {showOthers ? t('games.modal.hideOtherStats') : t('games.modal.otherStats')}
            </Button>
          </Group>
        )}
        <Textarea
          label={t('games.modal.notes')}
          placeholder={t('games.modal.notesPlaceholder')}
          description={t('games.modal.optional')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={GAME_NOTES_MAX}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} size="md">
            {t('games.modal.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} size="md">
            {game ? t('games.modal.saveChanges') : t('games.modal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The spec's personal stats modal: record one of the member's own games, or edit one (`game`).
 * The form mounts with the modal, so each opening starts from the game (or from empty).
 */
export function GameStatModal({
  opened,
  game,
  onClose,
}: {
  opened: boolean;
  game: GameStat | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { t } = useTranslation(['stats', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={game ? t('games.modal.editTitle') : t('games.modal.addTitle')}
      size="lg"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('common:dialog.close') }}
    >
      {opened && <GameForm key={game?.id ?? 'new'} game={game} onClose={onClose} />}
    </Modal>
  );
}
