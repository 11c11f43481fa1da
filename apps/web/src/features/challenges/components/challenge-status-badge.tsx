import { Badge } from '@mantine/core';
import type { ChallengeStatus } from '@fitcoach/shared/challenges';
import { useTranslation } from 'react-i18next';

const statusColors: Record<ChallengeStatus, string> = {
  draft: 'gray',
  upcoming: 'blue',
  active: 'teal',
  finished: 'grape',
};

export function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  const { t } = useTranslation('challenges');
  return (
    <Badge variant="light" color={statusColors[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}
