import { Button, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

export interface UnsavedChangesGuardProps {
  /** True while the form holds changes that are not saved. */
  when: boolean;
  /** Set to true just before navigating on purpose (after a save or a delete). */
  bypass: RefObject<boolean>;
}

/**
 * Asks before an in-app navigation (a link, the workout selector, back) would throw away
 * changes, and lets the browser ask before the tab closes or reloads.
 */
export function UnsavedChangesGuard({ when, bypass }: UnsavedChangesGuardProps) {
  const { t } = useTranslation('workouts');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !bypass.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useWindowEvent('beforeunload', (event) => {
    if (when && !bypass.current) event.preventDefault();
  });

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved.title')}
      centered
    >
      <Text size="sm">{t('unsaved.body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('unsaved.keepEditing')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('unsaved.discard')}
        </Button>
      </Group>
    </Modal>
  );
}
