import type { MyItemPerformanceQuery, PriceSource } from '../../../shared/graphql/generated/graphql';
import type { CsvColumn } from '../components/csv-export';
import { euros } from '../components/csv-export';

export type ItemPerformanceRow = MyItemPerformanceQuery['myItemPerformance']['items'][number];

export const SOURCES: readonly PriceSource[] = ['SALE', 'CODE', 'FULL_PRICE'];

/** One source's sales of an item (every source is in the answer; zeros when it sold nothing). */
export const salesOf = (row: ItemPerformanceRow, source: PriceSource) =>
  row.bySource.find((entry) => entry.source === source) ?? {
    source,
    purchases: 0,
    revenue: 0,
    authorShare: 0,
    authorPart: 0,
    refunds: 0,
    refunded: 0,
  };

/** "2,5 %" for 0.025; "–" without views. */
export function formatConversion(conversion: number | null | undefined): string {
  if (conversion === null || conversion === undefined) return '–';
  return `${new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 }).format(conversion * 100)} %`;
}

/**
 * The CSV of the table: every figure, each source's purchases, revenue, the item's author share
 * (before the split among co-authors) and the viewer's part of it (after the split).
 */
export function itemPerformanceCsvColumns(
  headers: {
    type: string;
    item: string;
    views: string;
    downloads: string;
    purchases: string;
    conversion: string;
    revenue: string;
    authorShare: string;
    authorPart: string;
    role: string;
  },
  sourceNames: Record<PriceSource, string>,
): CsvColumn<ItemPerformanceRow>[] {
  return [
    { header: headers.type, value: (row) => row.itemType },
    { header: headers.item, value: (row) => row.title },
    { header: headers.role, value: (row) => (row.viewerIsOwner ? 'OWNER' : 'CO_AUTHOR') },
    { header: headers.views, value: (row) => row.views },
    { header: headers.downloads, value: (row) => row.downloads ?? '' },
    { header: headers.purchases, value: (row) => row.purchases },
    {
      header: headers.conversion,
      value: (row) => (row.conversion === null || row.conversion === undefined ? '' : row.conversion),
    },
    ...SOURCES.flatMap((source): CsvColumn<ItemPerformanceRow>[] => [
      { header: `${sourceNames[source]} purchases`, value: (row) => salesOf(row, source).purchases },
      { header: `${sourceNames[source]} revenue EUR`, value: (row) => euros(salesOf(row, source).revenue) },
      {
        header: `${sourceNames[source]} author share EUR`,
        value: (row) => euros(salesOf(row, source).authorShare),
      },
      {
        header: `${sourceNames[source]} your part EUR`,
        value: (row) => euros(salesOf(row, source).authorPart),
      },
    ]),
    { header: headers.revenue, value: (row) => euros(row.revenue) },
    { header: headers.authorShare, value: (row) => euros(row.authorShare) },
    { header: headers.authorPart, value: (row) => euros(row.authorPart) },
  ];
}
