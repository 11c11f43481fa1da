import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBarbell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'xl' ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconBarbell size={size === 'xl' ? 24 : 20} />
      </ThemeIcon>
      <Text fw={800} size={size} style={{ letterSpacing: '-0.02em' }}>
        {t('brand.name')}
      </Text>
    </Group>
  );
}
