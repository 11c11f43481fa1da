import {
  ActionIcon,
  Menu,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnMount, type OpenableMenuProps } from './deferred-menu';

const choices: { value: MantineColorScheme; icon: typeof IconSun }[] = [
  { value: 'light', icon: IconSun },
  { value: 'dark', icon: IconMoon },
  { value: 'auto', icon: IconDeviceDesktop },
];

/** Light, dark, or follow the OS (the default). */
export function ThemeMenu({ defaultOpened }: OpenableMenuProps = {}) {
  const { t } = useTranslation();
  const { opened, onChange, targetRef } = useOpenedOnMount(defaultOpened);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const Icon = computed === 'dark' ? IconMoon : IconSun;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <ActionIcon ref={targetRef} variant="default" size="lg" aria-label={t('theme.button')}>
          <Icon size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {choices.map(({ value, icon: ChoiceIcon }) => (
          <Menu.Item
            key={value}
            leftSection={<ChoiceIcon size={16} />}
            onClick={() => setColorScheme(value)}
            aria-current={colorScheme === value ? 'true' : undefined}
            fw={colorScheme === value ? 700 : undefined}
          >
            {t(`theme.${value}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
