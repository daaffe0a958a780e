import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { csvText } from '../../../../../domain/text/csv';
import { statisticsMessages as messages } from '../statistics.messages';

/** One column of an export: its header and the raw value (amounts as euros with two decimals). */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number };

export const euros = (amount: number) => amount.toFixed(2);

/** The figures as CSV through the product's one writer (formula cells neutralised). */
export function csvOf<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return csvText(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
}

/** Downloads the figures of a table or chart as `{file}.csv`. */
export function CsvButton<Row>(props: {
  file: string;
  what: string;
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
}) {
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([csvOf(props.columns, props.rows)], { type: 'text/csv;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `${props.file}.csv`;
    link.click();
    // The click has started the download; the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      leftSection={<IconDownload size={14} />}
      onClick={download}
      aria-label={messages.exportCsvLabel(props.what)}
      disabled={props.rows.length === 0}
    >
      {messages.exportCsv}
    </Button>
  );
}
