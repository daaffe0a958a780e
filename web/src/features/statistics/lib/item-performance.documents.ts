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
        viewerIsOwner
        views
        downloads
        purchases
        conversion
        revenue
        authorShare
        authorPart
        bySource {
          source
          purchases
          revenue
          authorShare
          authorPart
          refunds
          refunded
        }
      }
    }
  }
`);
