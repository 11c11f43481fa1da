import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBallBasketball } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GameChartPoint } from '@fitcoach/shared/game-stats';
import { useFormat } from '../../../i18n/format';
import { formatDay } from '../utils/format-stats';

/**
 * A game on its day in the history: games are training load, so the days read right ("two
 * hard days in a row") beside the logged sessions. Edited in the Games section.
 */
export function GameDayEntry({ game }: { game: GameChartPoint }) {
  const { t } = useTranslation('stats');
  const { locale } = useFormat();
  const sport = t(`games.sports.${game.sport}`);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={t('games.history.entry', { name: game.vs_name })}
      style={{ borderStyle: 'dashed' }}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="orange" radius="xl" size="lg" aria-hidden>
          <IconBallBasketball size={20} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {t('games.history.entry', { name: game.vs_name })}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDay(locale, game.game_date)} · {t('games.history.summary', { sport })}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
