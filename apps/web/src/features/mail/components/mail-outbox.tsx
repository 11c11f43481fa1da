import {
  Alert,
  Badge,
  Button,
  Code,
  Loader,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { AdminMail } from '@fitcoach/shared/invitations';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../api/list-outbox';
import { loadFailed } from '../../../lib/query-state';

const statusColour = { kept: 'gray', pending: 'yellow', sent: 'teal', failed: 'red' } as const;

/**
 * The mail outbox for admins: to, subject, date and status, each mail's text readable below
 * its row. Bodies are shown as text (never as HTML): an inviter's name is whatever they typed.
 */
export function MailOutbox() {
  const { t, i18n } = useTranslation('mail');
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<number | null>(null);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (outbox.isPending) return <Loader aria-label={t('outbox.title')} />;
  if (loadFailed(outbox)) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {t('outbox.error')}
      </Alert>
    );
  }
  const mails = outbox.data.pages.flatMap((page) => page.items);
  if (mails.length === 0) return <Text>{t('outbox.empty')}</Text>;

  const statusText = (status: AdminMail['status']) => {
    switch (status) {
      case 'kept':
        return t('outbox.statuses.kept');
      case 'pending':
        return t('outbox.statuses.pending');
      case 'sent':
        return t('outbox.statuses.sent');
      case 'failed':
        return t('outbox.statuses.failed');
    }
  };

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('outbox.to')}</Table.Th>
              <Table.Th>{t('outbox.subject')}</Table.Th>
              <Table.Th>{t('outbox.date')}</Table.Th>
              <Table.Th>{t('outbox.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mails.map((mail) => {
              const open = openId === mail.id;
              return (
                <Fragment key={mail.id}>
                  <Table.Tr>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{mail.to_address}</Table.Td>
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => setOpenId(open ? null : mail.id)}
                        aria-expanded={open}
                        aria-controls={`mail-body-${mail.id}`}
                        aria-label={t(open ? 'outbox.hide' : 'outbox.show', {
                          address: mail.to_address,
                        })}
                      >
                        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}{' '}
                        <Text span inherit td="underline">
                          {mail.subject}
                        </Text>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{dateFormat.format(new Date(mail.created_at))}</Table.Td>
                    <Table.Td>
                      <Badge color={statusColour[mail.status]} variant="light" tt="none">
                        {statusText(mail.status)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                  {open && (
                    <Table.Tr id={`mail-body-${mail.id}`}>
                      <Table.Td colSpan={4}>
                        <Stack gap="xs">
                          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                            {mail.text_body}
                          </Code>
                          {mail.status !== 'kept' && (
                            <Text size="sm">{t('outbox.attempts', { count: mail.attempts })}</Text>
                          )}
                          {mail.last_error && (
                            <Text size="sm" c="red">
                              {t('outbox.lastError', { error: mail.last_error })}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {outbox.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void outbox.fetchNextPage()}
          loading={outbox.isFetchingNextPage}
        >
          {t('outbox.more')}
        </Button>
      )}
    </Stack>
  );
}
