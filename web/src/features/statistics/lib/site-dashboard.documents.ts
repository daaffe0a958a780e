import { graphql } from '../../../shared/graphql/generated';

// Every figure of the Site Dashboard in one document, so the page loads in one round trip.
export const SiteDashboardQuery = graphql(`
  query SiteDashboard($period: StatisticsPeriodInput!) {
    downloadCount(site: true) {
      allTime {
        total
        unique
      }
      inPeriod(period: $period) {
        total
        unique
      }
    }
    moneySpent {
      allTime {
        ...SiteMoney
      }
      last30Days {
        ...SiteMoney
      }
      lastYear {
        ...SiteMoney
      }
      inPeriod(period: $period) {
        ...SiteMoney
      }
    }
    purchaseHistory(site: true, period: $period) {
      year
      month
      paymentStatus
      paymentType
      totalCount
      totalPrice
      vat
      net
    }
    downloadHistory(site: true, period: $period) {
      game
      year
      month
      total
      unique
    }
    topDownloadedSkins(site: true, period: $period, length: 5) {
      skin {
        id
        url
        title
        type
      }
      total
      unique
    }
    skinPurchasePopularity(site: true, period: $period, length: 5) {
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
    }
    siteActivity(period: $period) {
      newUsers {
        year
        month
        count
      }
      newSkins {
        year
        month
        count
      }
      eventsPerDay {
        day
        count
      }
    }
  }

  fragment SiteMoney on MoneySpentFigures {
    totalSpent
    vatTotal
    netTotal
    externalFeesTotal
    internalFeesTotal
    paymentCount
    refundedTotal
    refundedVatTotal
    refundCount
  }
`);
