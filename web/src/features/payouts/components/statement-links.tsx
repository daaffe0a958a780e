import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';

const messages = payoutsMessages.statement;

/** The statement's CSV file; a plain link works because the API also reads the session cookie. */
export const statementCsvPath = (payoutId: string) =>
  `/api/payouts/${encodeURIComponent(payoutId)}/statement.csv`;

/** The print-friendly statement page (regular role: admins have it too). */
export const statementPagePath = (payoutId: string) =>
  `/me/payouts/${encodeURIComponent(payoutId)}/statement`;

/** "Download statement (CSV)" and "Printable statement". */
export function StatementLinks({ payoutId }: { payoutId: string }) {
  return (
    <Group gap="sm">
      <Button
        component="a"
        href={statementCsvPath(payoutId)}
        download
        variant="light"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      >
        {messages.csv}
      </Button>
      <Button
        component={Link}
        to={statementPagePath(payoutId)}
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden />}
      >
        {messages.printable}
      </Button>
    </Group>
  );
}
