import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLanguage } from '@tabler/icons-react';
import { LOCALE_NAMES, LOCALES, localeSchema, type Locale } from '@fitcoach/shared/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { followBrowserLocale, showMemberLocale } from '../../../i18n/i18n';
import { errorMessage } from '../../../lib/form-errors';
import { useUpdateLocale } from '../api/update-locale';

/** The select's value for "no choice": the browser's languages decide. */
const BROWSER_DEFAULT = 'browser';

const toOption = (locale: Locale | null) => locale ?? BROWSER_DEFAULT;

/**
 * The member's language, kept on the profile so every device they sign in on shows it. The page
 * switches as soon as the choice is saved; "Browser default" also forgets this device's choice.
 */
export function LanguageSelect({ value }: { value: Locale | null }) {
  const { t } = useTranslation('profile');
  const update = useUpdateLocale();
  const descriptionId = useId();
  // What was just chosen, from the click on (the session user catches up after the save);
  // the saved choice again if that failed.
  const shown = update.variables && !update.isError ? update.variables.locale : value;

  function choose(option: string | null) {
    if (option === null) return;
    const parsed = localeSchema.safeParse(option);
    const locale = parsed.success ? parsed.data : null;
    if (locale === value) return;
    update.mutate(
      { locale },
      { onSuccess: () => void (locale ? showMemberLocale(locale) : followBrowserLocale()) },
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('language.title')}
      </Title>
      {update.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={t('language.failed')}
        >
          {errorMessage(update.error)}
        </Alert>
      )}
      <Text size="sm" c="dimmed" id={descriptionId}>
        {t('language.description')}
      </Text>
      <Select
        label={t('language.label')}
        aria-describedby={descriptionId}
        leftSection={<IconLanguage size={16} aria-hidden />}
        data={[
          { value: BROWSER_DEFAULT, label: t('language.browserDefault') },
          // Each language named in itself, so it can be found without reading the current one.
          ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
        ]}
        value={toOption(shown)}
        onChange={choose}
        allowDeselect={false}
        disabled={update.isPending}
        maw={320}
      />
    </Stack>
  );
}
