import { graphql } from '../../../shared/graphql/generated';

// The Creativity Dashboard's per-item table: views, downloads, purchases, conversion, revenue by source.
export const MyItemPerformanceQuery = graphql(`
  query MyItemPerformance {
    myItemPerformance {
      viewsSince
      items {
        itemType
        itemId
        title
        url
        published
        views
        downloads
        purchases
        conversion
        revenue
        bySource {
          source
          purchases
          revenue
          authorShare
          refunds
          refunded
        }
      }
    }
  }
`);
