import { graphql } from '../../../shared/graphql/generated';

// Every figure of the Creativity Dashboard in one document, so the page loads in one round trip.
export const CreativityDashboardQuery = graphql(`
  query CreativityDashboard {
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
    downloadHistory {
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
    earningsHistory {
      year
      month
      itemsSold
      totalPrice
      earnings
      itemsRefunded
      refundedEarnings
    }
    skinPurchasePopularity(length: 10) {
      skin {
        id
        url
        title
        type
      }
      totalPrice
      totalCount
      refundCount
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
