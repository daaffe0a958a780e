import { Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconJson, IconReceiptTax } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { downloadWithToken } from '../../../shared/http';
import { ListLoadError } from '../../../shared/listing';
import { getSessionToken } from '../../../shared/session';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { FigureList } from '../components/figure-list';
import { OwedIdentityCard } from '../components/owed-identity-card';
import { VatTable } from '../components/vat-table';
import { financeMessages as texts } from '../finance.messages';
import { defaultMonth, getFinance, type FinanceMonth } from '../lib/finance-api';

type Load<T> = { data: T | null; error: string | null; loading: boolean };

/** A GET of the finance API, again when `path` or `attempt` changes. */
function useFinance<T>(path: string | null, attempt: number): Load<T> {
  const [state, setState] = useState<Load<T>>({ data: null, error: null, loading: path !== null });
  useEffect(() => {
    if (!path) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    getFinance<T>(path, getSessionToken()).then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        current &&
        setState({
          data: null,
          error: error instanceof Error ? error.message : String(error),
          loading: false,
        }),
    );
    return () => {
      current = false;
    };
  }, [path, attempt]);
  return state;
}

async function download(path: string, fallbackName: string) {
  const id = `finance-${Date.now()}`;
  notifications.show({ id, loading: true, message: texts.download.downloading, autoClose: false });
  const answer = await downloadWithToken(path, getSessionToken(), fallbackName);
  notifications.update({
    id,
    loading: false,
    color: answer.ok ? 'teal' : 'red',
    message: answer.ok ? texts.download.done(answer.filename) : (answer.message ?? texts.download.failed),
    autoClose: 5000,
    withCloseButton: true,
  });
}

function SectionCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function MonthFigures({ month }: { month: FinanceMonth }) {
  const { sales, refunds, payouts, latePayments, journal } = month;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard title={texts.sales.title} id="finance-sales-title">
          <FigureList
            figures={[
              { label: texts.sales.gross, amount: sales.gross, strong: true },
              { label: texts.sales.vat, amount: sales.vat },
              { label: texts.sales.net, amount: sales.net },
              { label: texts.sales.siteFee, amount: sales.siteFee },
              { label: texts.sales.paymentFee, amount: sales.paymentFee },
              { label: texts.sales.authorShare, amount: sales.authorShare },
            ]}
          />
          <Text size="xs" c="dimmed" mt="sm">
            {texts.sales.invoiced(sales.invoiced, sales.count)}
          </Text>
        </SectionCard>
        <OwedIdentityCard owed={month.owedToAuthors} />
      </SimpleGrid>
      <VatTable rows={month.vat} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard title={texts.refunds.title} id="finance-refunds-title">
          <Text size="sm" mb="xs">
            {texts.refunds.count(refunds.count)}
          </Text>
          <FigureList
            figures={[
              { label: texts.refunds.gross, amount: refunds.gross, strong: true },
              { label: texts.refunds.vat, amount: refunds.vat },
              { label: texts.refunds.authorShare, amount: refunds.authorShare },
              { label: texts.refunds.sitePart, amount: refunds.sitePart },
            ]}
          />
          <Text size="sm" mt="sm">
            {texts.refunds.creditNotes}:{' '}
            <Text span ff="monospace" size="sm">
              {refunds.creditNoteNumbers.length > 0
                ? refunds.creditNoteNumbers.join(', ')
                : texts.refunds.none}
            </Text>
          </Text>
        </SectionCard>
        <SectionCard title={texts.payouts.title} id="finance-payouts-title">
          <FigureList
            figures={[
              { label: texts.payouts.sent(payouts.sentCount), amount: payouts.sent, strong: true },
              { label: texts.payouts.returned(payouts.returnedCount), amount: payouts.returned },
              {
                label: texts.payouts.lateReceived(latePayments.receivedCount),
                amount: latePayments.received,
              },
              {
                label: texts.payouts.lateReturned(latePayments.returnedCount),
                amount: latePayments.returned,
              },
            ]}
          />
        </SectionCard>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {texts.journal(journal.entries, journal.lines)} ·{' '}
        {journal.balanced ? texts.balanced : texts.unbalanced}
      </Text>
    </Stack>
  );
}

/** The finance month (/admin/finance): the summary, its identity, VAT, and the exports. */
export function FinancePage() {
  const [params, setParams] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const months = useFinance<{ months: string[] }>('/api/admin/finance/months', attempt);
  const list = months.data?.months ?? [];
  const wanted = params.get('month');
  const month = wanted && /^\d{4}-\d{2}$/.test(wanted) ? wanted : defaultMonth(list);
  const figures = useFinance<FinanceMonth>(month ? `/api/admin/finance/months/${month}` : null, attempt);
  const shown = figures.data && figures.data.month === month ? figures.data : null;
  const options = [...new Set([...(month ? [month] : []), ...list])].sort().reverse();

  return (
    <PageContainer title={texts.title} eyebrow={texts.eyebrow} description={texts.description}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Select
            label={texts.month}
            data={options}
            value={month}
            onChange={(value) => value && setParams({ month: value }, { replace: true })}
            allowDeselect={false}
            disabled={options.length === 0}
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
          {month ? (
            <Group gap="xs" role="group" aria-label={texts.downloads}>
              <Button
                variant="default"
                leftSection={<IconJson size={18} aria-hidden />}
                onClick={() =>
                  void download(`/api/admin/finance/months/${month}`, `finance-${month}-summary.json`)
                }
              >
                {texts.download.summaryJson}
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={() =>
                  void download(
                    `/api/admin/finance/months/${month}/summary.csv`,
                    `finance-${month}-summary.csv`,
                  )
                }
              >
                {texts.download.summaryCsv}
              </Button>
              <Button
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={() =>
                  void download(
                    `/api/admin/finance/months/${month}/journal.csv`,
                    `finance-${month}-journal.csv`,
                  )
                }
              >
                {texts.download.journalCsv}
              </Button>
              {shown ? (
                <Button
                  variant="light"
                  leftSection={<IconReceiptTax size={18} aria-hidden />}
                  onClick={() =>
                    void download(
                      `/api/admin/finance/oss/${shown.quarter}/return.csv`,
                      `oss-return-${shown.quarter}.csv`,
                    )
                  }
                >
                  {texts.download.oss(shown.quarter)}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>

        {months.error || figures.error ? (
          <ListLoadError message={texts.failed} onRetry={() => setAttempt((n) => n + 1)} />
        ) : months.data && !month ? (
          <Card withBorder padding={0}>
            <EmptyState message={texts.noMonths} />
          </Card>
        ) : shown ? (
          <MonthFigures month={shown} />
        ) : (
          <Stack gap="md" role="status" aria-label={texts.loading}>
            <Skeleton h={220} />
            <Skeleton h={180} />
          </Stack>
        )}
      </Stack>
    </PageContainer>
  );
}
