import { graphql } from '../../../shared/graphql/generated';

// Every figure of the Creativity Dashboard in one document, so the page loads in one round trip.
// The cards and the two top-10 lists keep their fixed windows; the charts and best sellers follow
// the period chosen.
export const CreativityDashboardQuery = graphql(`
  query CreativityDashboard($period: StatisticsPeriodInput!) {
    downloadCount {
      allTime {
        total
        unique
      }
      last30Days {
        total
        unique
      }
    }
    downloadHistory(period: $period) {
      game
      year
      month
      unique
      total
    }
    skinDownloadPopularity(length: 10) {
      last30Days {
        ...DashboardSkinDownloads
      }
      lastYear {
        ...DashboardSkinDownloads
      }
    }
    earningsHistory(period: $period) {
      year
      month
      itemsSold
      totalPrice
      vat
      net
      earnings
      itemsRefunded
      refundedEarnings
    }
    skinPurchasePopularity(length: 10, period: $period) {
      skin {
        id
        url
        title
        type
      }
      totalPrice
      totalVat
      totalNet
      totalCount
      refundCount
      authorShare
      authorPart
    }
  }

  fragment DashboardSkinDownloads on SkinDownloads {
    skin {
      id
      url
      title
      type
    }
    total
    unique
  }
`);
