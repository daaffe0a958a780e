import { Card, Group, Table, Text, Title } from '@mantine/core';
import { formatAmount, formatCountry } from '../../../shared/format';
import { EmptyState } from '../../../shared/ui';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { financeMessages } from '../finance.messages';
import type { FinanceVatRow } from '../lib/finance-api';

const texts = financeMessages.vat;
const amount = (value: number) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
    {formatAmount(value)}
  </Text>
);

/** The month's VAT per treatment, member state and rate: sales, refunds and what is due. */
export function VatTable({ rows }: { rows: FinanceVatRow[] }) {
  return (
    <Card withBorder padding="md" aria-labelledby="finance-vat-title">
      <Title order={2} size="h4" id="finance-vat-title" mb="sm">
        {texts.title}
      </Title>
      {rows.length === 0 ? (
        <EmptyState message={texts.empty} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.treatment}</Table.Th>
                <Table.Th>{texts.country}</Table.Th>
                <Table.Th ta="right">{texts.rate}</Table.Th>
                <Table.Th ta="right">{texts.salesNet}</Table.Th>
                <Table.Th ta="right">{texts.salesVat}</Table.Th>
                <Table.Th ta="right">{texts.refundedNet}</Table.Th>
                <Table.Th ta="right">{texts.refundedVat}</Table.Th>
                <Table.Th ta="right">{texts.vatDue}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.treatment}-${row.country ?? ''}-${row.rateBasisPoints}`}>
                  <Table.Td>{texts.treatments[row.treatment] ?? row.treatment}</Table.Td>
                  <Table.Td>
                    {row.country ? (
                      <Group gap={6} wrap="nowrap">
                        <CountryFlag code={row.country} decorative />
                        <Text size="sm">{formatCountry(row.country)}</Text>
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{`${row.rateBasisPoints / 100} %`}</Table.Td>
                  <Table.Td ta="right">{amount(row.salesNet)}</Table.Td>
                  <Table.Td ta="right">{amount(row.salesVat)}</Table.Td>
                  <Table.Td ta="right">{amount(row.refundedNet)}</Table.Td>
                  <Table.Td ta="right">{amount(row.refundedVat)}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(row.vat)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
