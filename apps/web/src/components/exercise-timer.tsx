import { ActionIcon, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRotateClockwise } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playAlarm, unlockAudio } from '../lib/alarm';

/** The spec: 'Timer Complete!' (common.json `timer.complete`) shows for 3 s, then the timer resets. */
export const TIMER_COMPLETE_MS = 3_000;

type TimerState =
  | { phase: 'idle' }
  | { phase: 'running'; endsAt: number }
  | { phase: 'paused'; left: number }
  | { phase: 'complete' };

function format(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * Counts an exercise's duration down to zero, then shows 'Timer Complete!' with an alarm and
 * resets after 3 s. Time is measured against the clock, so a phone that throttles a
 * background tab still ends on time.
 */
export function ExerciseTimer({
  seconds,
  label,
  autoStart = false,
  onComplete,
}: {
  seconds: number;
  label: string;
  autoStart?: boolean;
  onComplete?: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<TimerState>(() =>
    autoStart ? { phase: 'running', endsAt: Date.now() + seconds * 1000 } : { phase: 'idle' },
  );
  const [now, setNow] = useState(() => Date.now());
  const complete = useEffectEvent(() => onComplete?.());

  useEffect(() => {
    if (state.phase !== 'running') return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= state.endsAt) {
        setState({ phase: 'complete' });
        playAlarm();
        complete();
      }
    };
    const interval = window.setInterval(tick, 200);
    return () => window.clearInterval(interval);
  }, [state]);

  useEffect(() => {
    if (state.phase !== 'complete') return;
    const timeout = window.setTimeout(() => setState({ phase: 'idle' }), TIMER_COMPLETE_MS);
    return () => window.clearTimeout(timeout);
  }, [state.phase]);

  const left =
    state.phase === 'running'
      ? Math.max(0, Math.ceil((state.endsAt - now) / 1000))
      : state.phase === 'paused'
        ? state.left
        : state.phase === 'complete'
          ? 0
          : seconds;

  function start() {
    unlockAudio();
    setNow(Date.now());
    setState({ phase: 'running', endsAt: Date.now() + left * 1000 });
  }

  return (
    <Stack gap={6} aria-label={t('timer.label', { name: label })} role="timer">
      <Group justify="space-between" wrap="nowrap">
        <Text
          fz={32}
          fw={800}
          ff="monospace"
          c={state.phase === 'complete' ? 'teal' : undefined}
          aria-live={state.phase === 'complete' ? 'assertive' : 'off'}
        >
          {state.phase === 'complete' ? t('timer.complete') : format(left)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {state.phase === 'running' ? (
            <Button
              variant="light"
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => setState({ phase: 'paused', left })}
            >
              {t('timer.pause')}
            </Button>
          ) : (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={start}
              disabled={state.phase === 'complete'}
            >
              {state.phase === 'paused' ? t('timer.resume') : t('timer.start')}
            </Button>
          )}
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('timer.reset')}
            onClick={() => setState({ phase: 'idle' })}
            disabled={state.phase === 'idle'}
          >
            <IconRotateClockwise size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Progress
        value={state.phase === 'complete' ? 100 : ((seconds - left) / Math.max(1, seconds)) * 100}
        size="sm"
        aria-hidden
      />
    </Stack>
  );
}
