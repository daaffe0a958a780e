import { Badge, Button, Group, Modal, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation } from 'urql';
import type { AuthorSaleFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { salesPageMessages } from '../sales.messages';
import { CancelSaleMutation } from '../lib/sales.documents';
import { SaleForm } from './sale-form';

const texts = salesPageMessages.list;
const STATUS_COLORS = { SCHEDULED: 'blue', RUNNING: 'teal', ENDED: 'gray', CANCELLED: 'red' } as const;

/** The author's sales with their state now; a scheduled or running one can be changed (in a dialog) or cancelled. */
export function SalesTable({ sales }: { sales: readonly AuthorSaleFieldsFragment[] }) {
  const [{ fetching }, cancel] = useMutation(CancelSaleMutation);
  const [changing, setChanging] = useState<AuthorSaleFieldsFragment | null>(null);
  const cancelSale = async (sale: AuthorSaleFieldsFragment) => {
    const result = await cancel({ id: sale.id });
    if (result.error) {
      notifications.show({
        color: 'red',
        message: graphqlFailureOf(result.error)?.message ?? texts.cancelFailed,
      });
      return;
    }
    notifications.show({ color: 'teal', message: texts.cancelled(sale.name) });
  };
  return (
    <>
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        title={changing ? salesPageMessages.schedule.changeTitle(changing.name) : ''}
        size="lg"
      >
        {changing ? <SaleForm key={changing.id} sale={changing} onDone={() => setChanging(null)} /> : null}
      </Modal>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={texts.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.name}</Table.Th>
              <Table.Th>{texts.reduction}</Table.Th>
              <Table.Th>{texts.items}</Table.Th>
              <Table.Th>{texts.when}</Table.Th>
              <Table.Th>{texts.status}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sales.map((sale) => (
              <Table.Tr key={sale.id} data-sale={sale.name}>
                <Table.Td fw={600}>{sale.name}</Table.Td>
                <Table.Td>
                  {sale.kind === 'PERCENT'
                    ? texts.percent(sale.percentOff ?? 0)
                    : texts.price(sale.salePrice ?? 0)}
                </Table.Td>
                <Table.Td>{sale.items.map((item) => item.name).join(', ')}</Table.Td>
                <Table.Td>{texts.period(sale.startsAt, sale.cancelledAt ?? sale.endsAt)}</Table.Td>
                <Table.Td>
                  {/* A visible label keeps its width: Mantine's clipped label lets the table squeeze it to "RU…". */}
                  <Badge
                    color={STATUS_COLORS[sale.status]}
                    variant="light"
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    {texts.statuses[sale.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {sale.status === 'SCHEDULED' || sale.status === 'RUNNING' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={texts.changeLabel(sale.name)}
                        onClick={() => setChanging(sale)}
                      >
                        {texts.change}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={fetching}
                        aria-label={texts.cancelLabel(sale.name)}
                        onClick={() => void cancelSale(sale)}
                      >
                        {texts.cancel}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
