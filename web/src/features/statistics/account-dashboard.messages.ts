// Texts of the creativity dashboard in the account area (spec 2.11).

export const accountMessages = {
  dashboard: {
    title: 'Creativity Dashboard',
    description: 'Downloads of your skins and, once they sell, your earnings.',
    empty: 'There are no downloads of your skins yet.',
    loading: 'Loading your dashboard...',
    loadFailed: 'Your dashboard could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    cards: {
      last30Unique: 'Unique downloads, last 30 days',
      last30Total: 'Total downloads, last 30 days',
      allTimeUnique: 'Unique downloads, all time',
      allTimeTotal: 'Total downloads, all time',
    },
    downloadsChartTitle: 'Unique downloads per month',
    downloadsChartCaption: 'Unique downloads of your skins per month and game',
    downloadsChartEmpty: 'Your skins have no downloads in this period, so there is nothing to chart.',
    topLast30Title: 'Top downloaded skins, last 30 days',
    topLastYearTitle: 'Top downloaded skins, last year',
    topLast30Empty: 'None of your skins was downloaded in the last 30 days.',
    topLastYearEmpty: 'None of your skins was downloaded in the last year.',
    earningsTitle: 'Earnings per month',
    earningsHint:
      'Your share of your items sold: what buyers paid (gross) less the VAT is the net, and your share is the net after the site and payment fees.',
    earningsChartCaption: 'Your items sold and earnings per month',
    earningsEmpty: 'Nothing of yours sold in this period.',
    itemsSoldColumn: 'Items sold',
    grossColumn: 'Gross (EUR)',
    vatColumn: 'VAT (EUR)',
    netColumn: 'Net (EUR)',
    earningsColumn: 'Earnings (EUR)',
    refundedColumn: 'Refunded (EUR)',
    bestSellersTitle: 'Best-selling skins',
    bestSellersHint:
      'Skins sold alone in the months of the period, by the money they brought (price and tips, VAT included), with the VAT in it.',
    bestSellersEmpty: 'None of your skins was sold alone in this period.',
  },
} as const;
