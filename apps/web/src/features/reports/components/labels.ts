import type { ReportKind, ReportReason, ReportResolution } from '@fitcoach/shared/reports';
import { useTranslation } from 'react-i18next';

/** Kinds, reasons and resolutions in the reader's language (exhaustive: a new one fails here). */
export function useKindText() {
  const { t } = useTranslation('reports');
  return (kind: ReportKind) => {
    switch (kind) {
      case 'message':
        return t('kinds.message');
      case 'proof':
        return t('kinds.proof');
      case 'profile':
        return t('kinds.profile');
    }
  };
}

export function useReasonText() {
  const { t } = useTranslation('reports');
  return (reason: ReportReason) => {
    switch (reason) {
      case 'spam':
        return t('reasons.spam');
      case 'harassment':
        return t('reasons.harassment');
      case 'hate':
        return t('reasons.hate');
      case 'inappropriate':
        return t('reasons.inappropriate');
      case 'other':
        return t('reasons.other');
    }
  };
}

export function useResolutionText() {
  const { t } = useTranslation('reports');
  return (resolution: ReportResolution) => {
    switch (resolution) {
      case 'dismissed':
        return t('resolutions.dismissed');
      case 'removed':
        return t('resolutions.removed');
      case 'suspended':
        return t('resolutions.suspended');
    }
  };
}
