import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBroadcast,
  IconCheck,
  IconCloudCheck,
  IconInfoCircle,
  IconLock,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VS_NAME_MAX } from '@fitcoach/shared/game-stats';
import { isIsoDate } from '@fitcoach/shared/profile';
import { overAttempted } from '@fitcoach/shared/team-stats';
import type { TeamMember } from '@fitcoach/shared/teams';
import { hasVisibleText } from '@fitcoach/shared/text';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, errorMessage } from '../../../lib/form-errors';
import { localDate } from '../../../lib/local-date';
import { useLiveSheet } from '../api/live-sheet';
import { useSubmitStats } from '../api/save-team-stats';
import { sheetPlayers, shownCounts, submittedRows, type SheetHeader } from '../utils/sheet';
import { StatsSheet } from './stats-sheet';
import classes from './stats-table.module.css';

/** What the sheet is open on: a new game, or one already started or final. */
export type SheetTarget = { kind: 'new' } | { kind: 'game'; gameId: number; final: boolean };

/** The day after the scorer's today: later dates are slips (the server allows a margin too). */
function latestDate(): string {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  return localDate(tomorrow);
}

function SheetContent({
  teamId,
  members,
  canScore,
  target,
  onClose,
}: {
  teamId: number;
  members: readonly TeamMember[];
  canScore: boolean;
  target: SheetTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation(['team-stats', 'validation']);
  const [today] = useState(() => localDate());
  const live = useLiveSheet(teamId, target.kind === 'game' ? target.gameId : null, today);
  const submit = useSubmitStats(teamId);
  const [headerErrors, setHeaderErrors] = useState<Partial<Record<keyof SheetHeader, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const game = live.game.data;
  const gone = live.game.error instanceof ApiError && live.game.error.status === 404;
  const final = game?.status === 'final';
  const readOnly = !canScore || final || gone;
  const players = sheetPlayers(members, game);
  const countsFor = (playerId: number) => shownCounts(playerId, live.drafts, game);
  const anyOver = players.some((p) => overAttempted(countsFor(p.player_id)).length > 0);

  if (target.kind === 'game' && live.game.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('sheet.liveTitle')} />
      </Group>
    );
  }
  if (target.kind === 'game' && !game) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('sheet.loadError')}>
        {errorMessage(live.game.error)}
      </Alert>
    );
  }

  const setHeader = (next: SheetHeader) => {
    setHeaderErrors({});
    live.sync.changeHeader(next);
  };

  const onSubmit = async () => {
    const errors: Partial<Record<keyof SheetHeader, string>> = {};
    if (!hasVisibleText(live.header.vs_name)) errors.vs_name = t('validation:enterOpponent');
    if (!isIsoDate(live.header.game_date)) errors.game_date = t('validation:dateFormat');
    else if (live.header.game_date > latestDate()) {
      errors.game_date = t('validation:dateInFuture');
    }
    setHeaderErrors(errors);
    if (anyOver) setFormError(t('sheet.fixRows'));
    if (Object.keys(errors).length > 0 || anyOver) return;
    setFormError(null);
    const gameId = await live.sync.stopForSubmit();
    submit.mutate(
      {
        ...(gameId === null ? {} : { game_id: gameId }),
        stats: submittedRows(live.header, players, countsFor),
      },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: t('sheet.saved'),
            message: t('sheet.savedGame', { name: saved.vs_name, count: saved.team_points }),
          });
          onClose();
        },
        onError: (error) => {
          live.sync.resume();
          const reason = errorMessage(error);
          // The spec's failure text, with the reason beside it.
          notifications.show({
            color: 'red',
            icon: <IconAlertCircle size={18} />,
            title: t('sheet.failed'),
            message: reason,
          });
          setFormError(reason);
          const fields = apiFieldErrors(error);
          const vsName = Object.entries(fields).find(([path]) => path.endsWith('.vs_name'));
          const date = Object.entries(fields).find(([path]) => path.endsWith('.game_date'));
          setHeaderErrors({
            ...(vsName ? { vs_name: vsName[1] } : {}),
            ...(date ? { game_date: date[1] } : {}),
          });
        },
      },
    );
  };

  let status = null;
  if (gone) {
    status = (
      <Alert color="orange" icon={<IconInfoCircle size={18} />}>
        {t('sheet.discarded')}
      </Alert>
    );
  } else if (final) {
    status = (
      <Alert color="gray" icon={<IconLock size={18} />}>
        {target.kind === 'game' && target.final ? t('sheet.readOnly') : t('sheet.finalElsewhere')}
      </Alert>
    );
  } else if (canScore) {
    const text =
      live.status === 'error'
        ? t('sheet.notSaved', { reason: live.problem ?? '' })
        : live.gameId === null
          ? t('sheet.startsLive')
          : live.status === 'saving'
            ? t('sheet.saving')
            : t('sheet.live');
    status = (
      <Group gap={6} wrap="nowrap" role="status">
        {live.status === 'error' ? (
          <IconAlertCircle size={16} color="var(--mantine-color-red-text)" aria-hidden />
        ) : live.gameId === null ? (
          <IconInfoCircle size={16} aria-hidden />
        ) : live.status === 'saving' ? (
          <Loader size={14} aria-hidden />
        ) : live.status === 'saved' ? (
          <IconCloudCheck size={16} color="var(--mantine-color-teal-text)" aria-hidden />
        ) : (
          <IconBroadcast size={16} color="var(--mantine-color-red-text)" aria-hidden />
        )}
        <Text size="sm" c={live.status === 'error' ? 'red' : 'dimmed'}>
          {live.status === 'saved' && !anyOver ? `${t('sheet.allSaved')} · ${text}` : text}
        </Text>
      </Group>
    );
  }

  return (
    <Stack gap="md">
      {status}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={640}>
        <TextInput
          label={t('sheet.vsName')}
          placeholder={t('sheet.vsNamePlaceholder')}
          required={!readOnly}
          maxLength={VS_NAME_MAX}
          value={live.header.vs_name}
          onChange={(e) => setHeader({ ...live.header, vs_name: e.currentTarget.value })}
          error={headerErrors.vs_name}
          readOnly={readOnly}
          disabled={readOnly}
          classNames={{ input: classes.lockedInput }}
        />
        <TextInput
          label={t('sheet.gameDate')}
          type="date"
          required={!readOnly}
          max={latestDate()}
          value={live.header.game_date}
          onChange={(e) => setHeader({ ...live.header, game_date: e.currentTarget.value })}
          error={headerErrors.game_date}
          readOnly={readOnly}
          disabled={readOnly}
          classNames={{ input: classes.lockedInput }}
        />
      </SimpleGrid>
      {players.length === 0 ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t('sheet.noPlayers')}
        </Alert>
      ) : (
        <StatsSheet
          players={players}
          countsOf={countsFor}
          readOnly={readOnly}
          onChange={(playerId, counts) => live.sync.changeRow(playerId, counts)}
        />
      )}
      {formError && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={submit.isError ? t('sheet.failed') : undefined}
        >
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} size="md">
          {t('sheet.close')}
        </Button>
        {!readOnly && (
          <Button
            onClick={() => void onSubmit()}
            loading={submit.isPending}
            disabled={players.length === 0}
            size="md"
          >
            {t('sheet.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The stats sheet in a dialog: a new game, a live one (saved as it changes, other scorers'
 * changes arriving over TeamChannel), or a final one's details, read-only with Submit hidden.
 * Its content mounts with each opening, so closing resets every field to 0 or empty and
 * re-enables it (the spec's transition).
 */
export function StatsSheetModal({
  teamId,
  members,
  canScore,
  target,
  onClose,
}: {
  teamId: number;
  members: readonly TeamMember[];
  canScore: boolean;
  target: SheetTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['team-stats', 'common']);
  const phone = useMediaQuery('(max-width: 36em)');
  const title =
    target?.kind === 'new'
      ? t('sheet.newTitle')
      : canScore && !target?.final
        ? t('sheet.liveTitle')
        : t('sheet.detailsTitle');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="100%"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      styles={{
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
        content: { maxWidth: 1320, marginInline: 'auto' },
      }}
      closeButtonProps={{ 'aria-label': t('common:dialog.close') }}
    >
      {target && (
        <SheetContent
          key={target.kind === 'new' ? 'new' : target.gameId}
          teamId={teamId}
          members={members}
          canScore={canScore}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
