import { ActionIcon, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALE_NAMES, LOCALES } from '@fitcoach/shared/locales';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n/i18n';
import { useOpenedOnMount, type OpenableMenuProps } from './deferred-menu';

/**
 * The language for visitors who are not signed in: kept on this device only (there is no
 * profile to keep it in yet). Each language is named in itself, so it can be found by someone
 * who cannot read the current one.
 */
export function LanguageMenu({ defaultOpened }: OpenableMenuProps = {}) {
  // useTranslation re-renders the menu when the language changes, so `active` stays current.
  const { t } = useTranslation();
  const { opened, onChange, targetRef } = useOpenedOnMount(defaultOpened);
  const active = currentLocale();
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <ActionIcon ref={targetRef} variant="default" size="lg" aria-label={t('language.button')}>
          <IconLanguage size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void changeLocale(locale)}
            aria-current={active === locale ? 'true' : undefined}
            fw={active === locale ? 700 : undefined}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
