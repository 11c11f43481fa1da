import { NumberInput, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  TEAM_STAT_MAX,
  shotPairs,
  teamStatFields,
  totalPoints,
  type TeamStatCounts,
  type TeamStatField,
} from '@fitcoach/shared/team-stats';
import { countValue, madeErrors, type SheetPlayer } from '../utils/sheet';
import classes from './stats-table.module.css';

/** The attempts a made field is checked against. */
const attemptedOf = (made: TeamStatField): TeamStatField =>
  shotPairs.find((p) => p.made === made)?.attempted ?? made;

/** A column header: the short name, its long one for screen readers and on hover. */
export function FieldHeader({ short, long }: { short: string; long: string }) {
  return (
    <Tooltip label={long} openDelay={300}>
      <abbr title={long} style={{ textDecoration: 'none', cursor: 'help' }}>
        {short}
      </abbr>
    </Tooltip>
  );
}

/**
 * The spec's stats sheet: a row per player, a NumberInput per count (minimum 0; the step
 * buttons never go below it), made ≤ attempted marked on the made cell, and total_points
 * computed as the counts change (2 × 2PM + 3 × 3PM + FTM), shown read-only.
 */
export function StatsSheet({
  players,
  countsOf,
  readOnly,
  onChange,
}: {
  players: readonly SheetPlayer[];
  countsOf: (playerId: number) => TeamStatCounts;
  readOnly: boolean;
  onChange: (playerId: number, counts: TeamStatCounts) => void;
}) {
  const { t } = useTranslation(['team-stats', 'validation']);
  const label = (field: TeamStatField | 'total_points') => ({
    short: t(`fields.${field}.short`),
    long: t(`fields.${field}.long`),
  });

  return (
    // Focusable: a read-only sheet (its inputs disabled) still scrolls from the keyboard.
    <Table.ScrollContainer
      minWidth={1040}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('sheet.players')}
    >
      <Table
        verticalSpacing={6}
        horizontalSpacing="xs"
        withRowBorders
        aria-label={t('sheet.players')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky} miw={120}>
              {t('sheet.player')}
            </Table.Th>
            {teamStatFields.map((f) => (
              <Table.Th key={f} ta="center">
                <FieldHeader {...label(f)} />
              </Table.Th>
            ))}
            <Table.Th ta="center">
              <FieldHeader {...label('total_points')} />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {players.map((p) => {
            const counts = countsOf(p.player_id);
            const errors = madeErrors(counts);
            const name = p.jersey_number === null ? p.name : `#${p.jersey_number} ${p.name}`;
            return (
              <Table.Tr key={p.player_id}>
                <Table.Th scope="row" className={classes.sticky} fw={600}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                </Table.Th>
                {teamStatFields.map((f) => {
                  const attempted = attemptedOf(f);
                  return (
                    <Table.Td key={f} className={classes.numberCell}>
                      <NumberInput
                        aria-label={t('sheet.cell', {
                          player: p.name,
                          field: t(`fields.${f}.long`),
                        })}
                        value={counts[f]}
                        onChange={(v) => onChange(p.player_id, { ...counts, [f]: countValue(v) })}
                        min={0}
                        max={TEAM_STAT_MAX}
                        clampBehavior="strict"
                        allowDecimal={false}
                        allowNegative={false}
                        inputMode="numeric"
                        size="xs"
                        readOnly={readOnly}
                        disabled={readOnly}
                        hideControls={readOnly}
                        classNames={{ input: classes.lockedInput }}
                        error={
                          errors[f]
                            ? t('validation:madeOverAttempted', {
                                made: counts[f],
                                attempted: counts[attempted],
                              })
                            : undefined
                        }
                        styles={{ error: { fontSize: 11, lineHeight: 1.2 } }}
                      />
                    </Table.Td>
                  );
                })}
                <Table.Td ta="center" className={classes.totalCell}>
                  <Text fw={700} data-testid={`total-${p.player_id}`}>
                    {totalPoints(counts)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
