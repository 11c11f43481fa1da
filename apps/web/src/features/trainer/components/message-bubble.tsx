import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { TrainerCitation } from '@fitcoach/shared/trainer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './trainer-chat.module.css';

/** The knowledge-base entries a reply used. */
function Citations({ citations }: { citations: TrainerCitation[] }) {
  const { t } = useTranslation('trainer');
  if (citations.length === 0) return null;
  return (
    <Stack gap={4} mt="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {t('page.sources')}
      </Text>
      <Group gap={6}>
        {citations.map((c) => (
          <Badge key={c.slug} variant="light" color="gray" tt="none" fw={500}>
            {c.title}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** One message of a conversation: the member's on the right, the trainer's with its sources. */
export function Bubble({
  role,
  children,
  citations = [],
  name,
}: {
  role: 'member' | 'trainer';
  children: ReactNode;
  citations?: TrainerCitation[];
  name: string;
}) {
  return (
    <Box className={classes.row} data-role={role}>
      <Paper className={classes.bubble} data-role={role} p="sm" radius="md" withBorder>
        <Text size="xs" fw={700} c="dimmed" mb={2}>
          {name}
        </Text>
        <Text size="sm" className={classes.body}>
          {children}
        </Text>
        {role === 'trainer' && <Citations citations={citations} />}
      </Paper>
    </Box>
  );
}
