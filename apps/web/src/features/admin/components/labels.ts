import type { AdminUser, AuditAction } from '@fitcoach/shared/admin';
import type { Role } from '@fitcoach/shared/profile';
import { useTranslation } from 'react-i18next';

export const roleColour = { member: 'gray', coach: 'blue', admin: 'grape' } as const;
export const statusColour = { active: 'teal', suspended: 'red' } as const;

/** Role, status and action names in the reader's language (exhaustive: a new one fails here). */
export function useRoleText() {
  const { t } = useTranslation('admin');
  return (role: Role) => {
    switch (role) {
      case 'member':
        return t('users.roles.member');
      case 'coach':
        return t('users.roles.coach');
      case 'admin':
        return t('users.roles.admin');
    }
  };
}

export function useStatusText() {
  const { t } = useTranslation('admin');
  return (status: AdminUser['status']) => {
    switch (status) {
      case 'active':
        return t('users.statuses.active');
      case 'suspended':
        return t('users.statuses.suspended');
    }
  };
}

export function useActionText() {
  const { t } = useTranslation('admin');
  return (action: AuditAction) => {
    switch (action) {
      case 'user.role_changed':
        return t('audit.actions.roleChanged');
      case 'user.suspended':
        return t('audit.actions.suspended');
      case 'user.reactivated':
        return t('audit.actions.reactivated');
      case 'user.deleted':
        return t('audit.actions.deleted');
      case 'user.exported':
        return t('audit.actions.exported');
      case 'announcement.sent':
        return t('audit.actions.announcementSent');
      case 'report.dismissed':
        return t('audit.actions.reportDismissed');
      case 'report.content_removed':
        return t('audit.actions.reportContentRemoved');
      case 'report.author_suspended':
        return t('audit.actions.reportAuthorSuspended');
      case 'content.created':
        return t('audit.actions.contentCreated');
      case 'content.updated':
        return t('audit.actions.contentUpdated');
      case 'content.retired':
        return t('audit.actions.contentRetired');
      case 'content.restored':
        return t('audit.actions.contentRestored');
      case 'content.deleted':
        return t('audit.actions.contentDeleted');
      case 'content.video_attached':
        return t('audit.actions.videoAttached');
      case 'content.video_removed':
        return t('audit.actions.videoRemoved');
    }
  };
}
