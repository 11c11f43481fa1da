import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconDots, IconFlag, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A friend's menu: remove or block, each asked again in a confirmation; report their profile to
 * the admins (its own dialog).
 */
export function FriendMenu({
  name,
  onRemove,
  onBlock,
  onReport,
}: {
  name: string;
  onRemove: () => void;
  onBlock: () => void;
  onReport: () => void;
}) {
  const { t } = useTranslation(['friends', 'common']);

  const confirm = (kind: 'remove' | 'block', onConfirm: () => void) =>
    modals.openConfirmModal({
      title: t(`confirm.${kind}Title`, { name }),
      centered: true,
      children: <Text size="sm">{t(`confirm.${kind}Body`)}</Text>,
      labels: { confirm: t(`confirm.${kind}Confirm`), cancel: t('confirm.keep') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUserMinus size={16} />}
          onClick={() => confirm('remove', onRemove)}
        >
          {t('actions.remove')}
        </Menu.Item>
        <Menu.Item
          // The theme's AA red for text (as the account menu's sign-out).
          color="var(--mantine-color-red-text)"
          leftSection={<IconBan size={16} />}
          onClick={() => confirm('block', onBlock)}
        >
          {t('actions.block')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFlag size={16} />} onClick={onReport}>
          {t('common:report.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
