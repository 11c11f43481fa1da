import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconGripVertical, IconPlus, IconX } from '@tabler/icons-react';
import { workoutGoals } from '@fitcoach/shared/profile';
import {
  PROGRAM_DAY_MAX_ITEMS,
  programVisibilities,
  type ProgramDetail,
  type ProgramInput,
  type ProgramVisibility,
} from '@fitcoach/shared/programs';
import { workoutLevels, type WorkoutLevel } from '@fitcoach/shared/workouts';
import type { WorkoutGoal } from '@fitcoach/shared/profile';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EnhancedSelect,
  type SearchFetcher,
} from '../../../components/enhanced-select/enhanced-select';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/form-errors';
import { useSaveProgram } from '../api/save-program';

/** What the day modal picks from: workouts or diets, with the enhanced select box's search. */
export interface ItemPicker {
  queryKey: QueryKey;
  search: SearchFetcher<PickedItem>;
}
export interface PickedItem {
  id: number;
  title: string;
}

/** The day modal's tabs, with the spec's query values. */
export type ItemKind = 'workout' | 'diets';
export interface StagedItem extends PickedItem {
  kind: ItemKind;
}

/** A day of the calendar: "week-weekday". */
type DayKey = `${number}-${number}`;
const dayKey = (week: number, weekday: number): DayKey => `${week}-${weekday}`;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** A number field's value as a whole number within bounds (the lower bound while empty). */
const whole = (value: string | number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(Math.max(Math.round(value), min), max)
    : min;

export type StagingResult = 'staged' | 'empty' | 'duplicate' | 'full';

/**
 * The spec's staging rule: an item joins a day only if one was picked and it is not already
 * staged on that day (the same workout twice on one day would be logged as one); and, as the
 * server takes no more, while the day has fewer than PROGRAM_DAY_MAX_ITEMS of its kind.
 */
export function stage(
  day: readonly StagedItem[],
  item: StagedItem | null,
): { result: StagingResult; day: readonly StagedItem[] } {
  if (!item) return { result: 'empty', day };
  if (day.some((s) => s.kind === item.kind && s.id === item.id))
    return { result: 'duplicate', day };
  if (day.filter((s) => s.kind === item.kind).length >= PROGRAM_DAY_MAX_ITEMS)
    return { result: 'full', day };
  return { result: 'staged', day: [...day, item] };
}

/** The calendar as the API takes it: per day, the comma-separated workout and diet ids. */
export function toDays(days: ReadonlyMap<DayKey, readonly StagedItem[]>, weeks: number) {
  const out: ProgramInput['days'] = [];
  for (const [key, items] of days) {
    const [week, weekday] = key.split('-').map(Number) as [number, number];
    if (items.length === 0 || week > weeks) continue;
    const ids = (kind: ItemKind) =>
      items
        .filter((i) => i.kind === kind)
        .map((i) => i.id)
        .join(',');
    out.push({ week, weekday, workout_ids: ids('workout'), diet_ids: ids('diets') });
  }
  return out.sort((a, b) => a.week - b.week || a.weekday - b.weekday);
}

/** A saved program's entries back into the builder's days. */
function fromProgram(p: ProgramDetail): Map<DayKey, StagedItem[]> {
  const days = new Map<DayKey, StagedItem[]>();
  for (const e of p.entries) {
    const item: StagedItem | null = e.workout
      ? { kind: 'workout', id: e.workout.id, title: e.workout.title }
      : e.diet
        ? { kind: 'diets', id: e.diet.id, title: e.diet.title }
        : null;
    if (!item) continue;
    const key = dayKey(e.week, e.weekday);
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}

export interface ProgramBuilderProps {
  pickers: Record<ItemKind, ItemPicker>;
  /** Coaches and admins publish to the library; members keep programs private or for friends. */
  canPublish: boolean;
  /** The program being edited; a new one when absent. */
  program?: ProgramDetail;
  /** What the day modal picks first (`?tab=diets` opens it on diets); workouts by default. */
  dayKind?: ItemKind;
  onSaved: (program: ProgramDetail) => void;
}

/**
 * The program builder: details, then a calendar of weeks × weekdays. Clicking a day opens the
 * add-workout modal for that week and weekday, where workouts or diets are picked and staged;
 * staged items are removed, moved (drag and drop, or the modal's "move to" for the keyboard)
 * and whole weeks repeated onto others. Saving sends each day's ids; the server checks them.
 */
export function ProgramBuilder({
  pickers,
  canPublish,
  program,
  dayKind = 'workout',
  onSaved,
}: ProgramBuilderProps) {
  const { t } = useTranslation('programs');
  const format = useFormat();
  const save = useSaveProgram(program?.id ?? null);
  const [title, setTitle] = useState(program?.title ?? '');
  const [description, setDescription] = useState(program?.description ?? '');
  const [level, setLevel] = useState<WorkoutLevel>(program?.level ?? 'intermediate');
  const [goal, setGoal] = useState<WorkoutGoal>(program?.goal ?? 'weight_lifting');
  // As typed (empty while retyping); the calendar uses the nearest valid count.
  const [weeksValue, setWeeksValue] = useState<string | number>(program?.weeks ?? 4);
  const weeks = whole(weeksValue, 1, 52);
  const [visibility, setVisibility] = useState<ProgramVisibility>(program?.visibility ?? 'private');
  const [days, setDays] = useState<Map<DayKey, readonly StagedItem[]>>(() =>
    program ? fromProgram(program) : new Map(),
  );
  const [openDay, setOpenDay] = useState<{ week: number; weekday: number } | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [repeatValue, setRepeatValue] = useState<Record<'source' | 'from' | 'to', string | number>>(
    { source: 1, from: 2, to: 4 },
  );
  const repeat = {
    source: whole(repeatValue.source, 1, weeks),
    from: whole(repeatValue.from, 1, weeks),
    to: whole(repeatValue.to, 1, weeks),
  };

  const weekdayName = (weekday: number, style: 'short' | 'long' = 'short') =>
    format.date(new Date(2024, 0, weekday, 12), { weekday: style });
  const weekList = Array.from({ length: weeks }, (_, k) => k + 1);
  const itemsOf = (week: number, weekday: number) => days.get(dayKey(week, weekday)) ?? [];
  const setDay = (week: number, weekday: number, items: readonly StagedItem[]) =>
    setDays((prev) => new Map(prev).set(dayKey(week, weekday), items));

  const move = (from: DayKey, index: number, to: DayKey) => {
    if (from === to) return;
    setDays((prev) => {
      const next = new Map(prev);
      const source = [...(next.get(from) ?? [])];
      const [item] = source.splice(index, 1);
      if (!item) return prev;
      const target = next.get(to) ?? [];
      const staged = stage(target, item);
      // A full day takes nothing: the item stays where it was.
      if (staged.result === 'full') return prev;
      // Moving onto a day that has it already keeps one: the staging rule holds there too.
      next.set(from, source);
      next.set(to, staged.day);
      return next;
    });
  };

  const repeatWeek = () => {
    setDays((prev) => {
      const next = new Map(prev);
      for (let w = repeat.from; w <= repeat.to; w++) {
        if (w === repeat.source) continue;
        for (const d of WEEKDAYS)
          next.set(dayKey(w, d), [...(prev.get(dayKey(repeat.source, d)) ?? [])]);
      }
      return next;
    });
  };

  const onDrop = (e: DragEvent, to: DayKey) => {
    e.preventDefault();
    const [from, index] = e.dataTransfer.getData('text/plain').split('|');
    if (from && index !== undefined) move(from as DayKey, Number(index), to);
  };

  const submit = () => {
    if (title.trim() === '') {
      setTitleError(t('builder.titleRequired'));
      return;
    }
    setTitleError(null);
    save.mutate(
      { title, description, level, goal, weeks, visibility, days: toDays(days, weeks) },
      { onSuccess: onSaved },
    );
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" component="section" aria-labelledby="program-details">
        <Stack gap="sm">
          <Title order={2} size="h4" id="program-details">
            {t('builder.details')}
          </Title>
          <TextInput
            label={t('builder.title')}
            required
            value={title}
            error={titleError}
            maxLength={120}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Textarea
            label={t('builder.description')}
            value={description}
            autosize
            minRows={2}
            maxLength={2000}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('builder.level')}
              data={workoutLevels.map((l) => ({ value: l, label: t(`builder.levels.${l}`) }))}
              value={level}
              allowDeselect={false}
              onChange={(v) => v && setLevel(v)}
            />
            <Select
              label={t('builder.goal')}
              data={workoutGoals.map((g) => ({
                value: g,
                label: t(`options.workoutGoal.${g}`, { ns: 'common' }),
              }))}
              value={goal}
              allowDeselect={false}
              onChange={(v) => v && setGoal(v)}
            />
            <NumberInput
              label={t('builder.weeks')}
              min={1}
              max={52}
              clampBehavior="strict"
              allowDecimal={false}
              value={weeksValue}
              onChange={setWeeksValue}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="program-visibility">
              {t('builder.visibility')}
            </Text>
            <SegmentedControl
              aria-labelledby="program-visibility"
              value={visibility}
              onChange={(v) => setVisibility(v)}
              data={programVisibilities.map((v) => ({
                value: v,
                label: t(`builder.visibilities.${v}`),
                disabled: v === 'public' && !canPublish,
              }))}
            />
            {!canPublish && (
              <Text size="xs" c="dimmed">
                {t('builder.publishHint')}
              </Text>
            )}
          </Stack>
        </Stack>
      </Card>

      <Card withBorder padding="md" component="section" aria-labelledby="program-repeat">
        <Stack gap="xs">
          <Title order={2} size="h4" id="program-repeat">
            {t('builder.repeatTitle')}
          </Title>
          <Group align="end" gap="sm">
            <NumberInput
              label={t('builder.repeatSource')}
              min={1}
              max={weeks}
              w={120}
              value={repeatValue.source}
              onChange={(v) => setRepeatValue((r) => ({ ...r, source: v }))}
            />
            <NumberInput
              label={t('builder.repeatFrom')}
              min={1}
              max={weeks}
              w={120}
              value={repeatValue.from}
              onChange={(v) => setRepeatValue((r) => ({ ...r, from: v }))}
            />
            <NumberInput
              label={t('builder.repeatTo')}
              min={1}
              max={weeks}
              w={120}
              value={repeatValue.to}
              onChange={(v) => setRepeatValue((r) => ({ ...r, to: v }))}
            />
            {/* The label names the weeks and runs long in Spanish: on a phone it wraps rather
                than being cut off mid-word. */}
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={repeatWeek}
              maw="100%"
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start' } }}
            >
              {t('builder.repeat', repeat)}
            </Button>
          </Group>
        </Stack>
      </Card>

      {weekList.map((week) => (
        <Card key={week} withBorder padding="md" component="section" aria-labelledby={`bw-${week}`}>
          <Stack gap="sm">
            <Title order={2} size="h4" id={`bw-${week}`}>
              {t('detail.week', { week })}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 4, lg: 7 }} spacing="xs">
              {WEEKDAYS.map((weekday) => {
                const key = dayKey(week, weekday);
                const items = itemsOf(week, weekday);
                return (
                  <Card
                    key={weekday}
                    padding="xs"
                    radius="sm"
                    withBorder
                    data-day={key}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => onDrop(e, key)}
                  >
                    <Stack gap={4}>
                      <Text size="xs" fw={700} tt="capitalize">
                        {weekdayName(weekday)}
                      </Text>
                      {items.map((item, index) => (
                        <Badge
                          key={`${item.kind}-${item.id}`}
                          variant="light"
                          color={item.kind === 'workout' ? 'blue' : 'grape'}
                          tt="none"
                          draggable
                          style={{ cursor: 'grab', maxWidth: '100%' }}
                          leftSection={<IconGripVertical size={12} aria-hidden />}
                          onDragStart={(e) =>
                            e.dataTransfer.setData('text/plain', `${key}|${index}`)
                          }
                        >
                          {item.title}
                        </Badge>
                      ))}
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconPlus size={12} aria-hidden />}
                        aria-label={t('builder.openDay', {
                          week,
                          weekday: weekdayName(weekday, 'long'),
                          count: items.length,
                        })}
                        onClick={() => setOpenDay({ week, weekday })}
                      >
                        {items.length === 0 ? t('builder.add') : t('builder.edit')}
                      </Button>
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}

      {save.isError && (
        <Alert color="red" role="alert" title={t('builder.saveError')}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {program ? t('builder.update') : t('builder.create')}
        </Button>
      </Group>

      {openDay && (
        <DayModal
          key={dayKey(openDay.week, openDay.weekday)}
          week={openDay.week}
          weekday={openDay.weekday}
          weekdayName={weekdayName(openDay.weekday, 'long')}
          items={itemsOf(openDay.week, openDay.weekday)}
          pickers={pickers}
          initialKind={dayKind}
          days={weekList.flatMap((w) =>
            WEEKDAYS.map((d) => ({
              value: dayKey(w, d),
              label: t('builder.dayLabel', { week: w, weekday: weekdayName(d, 'long') }),
            })),
          )}
          onChange={(items) => setDay(openDay.week, openDay.weekday, items)}
          onMove={(index, to) => move(dayKey(openDay.week, openDay.weekday), index, to as DayKey)}
          onClose={() => setOpenDay(null)}
        />
      )}
    </Stack>
  );
}

interface DayModalProps {
  week: number;
  weekday: number;
  weekdayName: string;
  items: readonly StagedItem[];
  pickers: Record<ItemKind, ItemPicker>;
  initialKind: ItemKind;
  days: { value: string; label: string }[];
  onChange: (items: readonly StagedItem[]) => void;
  onMove: (index: number, to: string) => void;
  onClose: () => void;
}

/** The add-workout modal for one day: it carries the week number and weekday number. */
function DayModal(props: DayModalProps) {
  const { t } = useTranslation('programs');
  const [kind, setKind] = useState<ItemKind>(props.initialKind);
  const [picked, setPicked] = useState<PickedItem[]>([]);
  const [problem, setProblem] = useState<Exclude<StagingResult, 'staged'> | null>(null);
  const here = dayKey(props.week, props.weekday);

  const add = () => {
    const item = picked[0] ? { ...picked[0], kind } : null;
    const { result, day } = stage(props.items, item);
    if (result !== 'staged') {
      setProblem(result);
      return;
    }
    setProblem(null);
    props.onChange(day);
    setPicked([]);
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('builder.dayTitle', { week: props.week, weekday: props.weekdayName })}
      data-week={props.week}
      data-weekday={props.weekday}
      size="lg"
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('builder.kind')}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPicked([]);
            setProblem(null);
          }}
          data={[
            { value: 'workout', label: t('builder.kinds.workout') },
            { value: 'diets', label: t('builder.kinds.diets') },
          ]}
        />
        <EnhancedSelect<PickedItem>
          key={kind}
          label={kind === 'workout' ? t('builder.pickWorkout') : t('builder.pickDiet')}
          queryKey={props.pickers[kind].queryKey}
          fetcher={props.pickers[kind].search}
          getValue={(i) => String(i.id)}
          getLabel={(i) => i.title}
          value={picked}
          onChange={(items) => {
            setPicked(items);
            setProblem(null);
          }}
          error={
            problem ? t(`builder.staging.${problem}`, { max: PROGRAM_DAY_MAX_ITEMS }) : undefined
          }
          autoFocus
        />
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            {t('builder.stage')}
          </Button>
        </Group>
        <Title order={3} size="h5">
          {t('builder.staged', { count: props.items.length })}
        </Title>
        {props.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('builder.nothingStaged')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {props.items.map((item, index) => (
              <Group key={`${item.kind}-${item.id}`} component="li" gap="xs" wrap="nowrap">
                <Badge variant="light" color={item.kind === 'workout' ? 'blue' : 'grape'}>
                  {t(`builder.kinds.${item.kind}`)}
                </Badge>
                <Text size="sm" style={{ flex: 1 }}>
                  {item.title}
                </Text>
                <NativeSelect
                  size="xs"
                  aria-label={t('builder.moveTo', { title: item.title })}
                  value={here}
                  data={props.days}
                  onChange={(e) => props.onMove(index, e.currentTarget.value)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('builder.remove', { title: item.title })}
                  onClick={() => props.onChange(props.items.filter((_, k) => k !== index))}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
