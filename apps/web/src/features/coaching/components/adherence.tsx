import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A percentage as a bar with its number, read out as "Adherence 80%". */
export function AdherenceBar({
  value,
  label,
  neutral = false,
}: {
  value: number;
  label?: string;
  /** A plain progress bar (how far through the program), not a judgement (adherence). */
  neutral?: boolean;
}) {
  const { t } = useTranslation('coaching');
  const name = label ?? t('client.adherence');
  const color = neutral ? 'brand' : value >= 80 ? 'teal' : value >= 50 ? 'yellow' : 'red';
  return (
    <Group gap="xs" wrap="nowrap" w="100%">
      <Progress
        value={value}
        color={color}
        size="md"
        radius="xl"
        style={{ flex: 1 }}
        aria-label={t('client.adherenceLabel', { label: name, value })}
      />
      <Text size="sm" fw={700} w={44} ta="right" aria-hidden>
        {value}%
      </Text>
    </Group>
  );
}
