import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { IconInbox, IconMailForward, IconServer } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { formatDateTime } from '../../../shared/format';
import type { MailOutboxQuery as MailOutboxResult } from '../../../shared/graphql/generated/graphql';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-mails.messages';
import { MailOutboxQuery } from '../lib/mails.documents';

const page = adminMessages.mails;
const PAGE_SIZE = 20;

type OutboxMail = MailOutboxResult['mailOutbox']['mails']['content'][number];

/** One mail as it was written: the plain-text part, and the HTML part in a sandboxed frame. */
function MailModal({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.subject} size="xl" centered>
      {mail ? (
        <Stack gap="sm">
          <Text size="sm">
            <Text span c="dimmed">
              {page.to}:
            </Text>{' '}
            {mail.to} ·{' '}
            <Text span c="dimmed">
              {page.from}:
            </Text>{' '}
            {mail.from} ·{' '}
            <Text span c="dimmed">
              {formatDateTime(mail.sentAt)}
            </Text>
          </Text>
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">{page.html}</Tabs.Tab>
              <Tabs.Tab value="text">{page.text}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              {/* The mail's own HTML, without scripts or same-origin rights. */}
              <iframe
                title={page.htmlFrame(mail.subject)}
                srcDoc={mail.html}
                sandbox=""
                style={{ width: '100%', height: '60vh', border: 0, borderRadius: 8, background: '#101216' }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}>
                {mail.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * Admin → Mails: how the app sends mail, and the local outbox (every mail written while no SMTP
 * server is configured), newest first, each readable as text and as HTML.
 */
export function MailsPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: MailOutboxQuery,
    variables: { page: { page: pageNumber - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error('The mail outbox could not be loaded', error);
  }, [error]);
  const outbox = data?.mailOutbox;
  const mails = outbox?.mails;

  let content;
  if (!outbox && error && !fetching) {
    content = (
      <ListLoadError message={page.loadFailed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  } else if (!outbox) {
    content = (
      <Stack gap="sm" role="status" aria-label={page.loading}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={36} />
        ))}
      </Stack>
    );
  } else if (!mails || mails.content.length === 0) {
    content = <EmptyState icon={<IconInbox stroke={1.5} />} message={page.empty} />;
  } else {
    content = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{page.sentAt}</Table.Th>
              <Table.Th>{page.to}</Table.Th>
              <Table.Th>{page.subject}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mails.content.map((mail) => (
              <Table.Tr key={mail.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateTime(mail.sentAt)}</Text>
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" truncate>
                    {mail.to}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {mail.subject}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setOpen(mail)}
                    aria-label={page.openLabel(mail.subject, mail.to)}
                  >
                    {page.open}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <Stack gap="lg">
        {outbox ? (
          <Alert
            variant="light"
            color={outbox.transport === 'SMTP' ? 'teal' : 'electric'}
            icon={outbox.transport === 'SMTP' ? <IconServer /> : <IconMailForward />}
            title={outbox.transport === 'SMTP' ? page.smtpTitle : page.localTitle}
          >
            <Text size="sm">{outbox.transport === 'SMTP' ? page.smtpText : page.localText}</Text>
            <Text size="xs" c="dimmed" mt={4}>
              {page.folder}: <Code>{outbox.directory}</Code>
            </Text>
          </Alert>
        ) : null}
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts="0.08em">
              {page.outbox}
            </Text>
            {mails ? (
              <Badge variant="light" radius="sm">
                {page.count(mails.pageInfo.totalElements)}
              </Badge>
            ) : null}
          </Group>
          {content}
          {mails ? (
            <ListPagination
              label={page.pagination}
              total={mails.pageInfo.totalPages}
              value={pageNumber}
              onChange={setPageNumber}
            />
          ) : null}
        </Card>
      </Stack>
      <MailModal mail={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
