import { Badge } from '@mantine/core';
import type { ChallengeSummary } from '@fitcoach/shared/challenges';
import { useTranslation } from 'react-i18next';

/** Who sees a challenge: public, friends only, or its team by name ("Team: Hawks"). */
export function VisibilityBadge({
  challenge: c,
}: {
  challenge: Pick<ChallengeSummary, 'visibility' | 'team_name'>;
}) {
  const { t } = useTranslation('challenges');
  const label =
    c.visibility !== 'team'
      ? t(`visibility.${c.visibility}`)
      : c.team_name !== null
        ? t('visibility.teamNamed', { name: c.team_name })
        : t('visibility.teamGone');
  return (
    <Badge variant="outline" color="gray" maw="100%">
      {label}
    </Badge>
  );
}
