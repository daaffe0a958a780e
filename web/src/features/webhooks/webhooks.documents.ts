import { graphql } from '../../shared/graphql/generated';

// Webhooks (docs/webhooks.md): the viewer's endpoints (and the site-wide ones for admins), each
// delivery with every attempt, and the mutations of the Webhooks page.

export const WebhookEndpointFields = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    scope
    url
    eventTypes
    status
    pauseReason
    pausedAt
    consecutiveFailures
    createdAt
    secretRotatedAt
  }
`);

export const MyWebhookEndpointsQuery = graphql(`
  query MyWebhookEndpoints {
    myWebhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const SiteWebhookEndpointsQuery = graphql(`
  query SiteWebhookEndpoints {
    siteWebhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($id: ID!, $page: Int!, $size: Int!) {
    webhookEndpoint(id: $id) {
      id
      deliveries(page: $page, size: $size) {
        totalElements
        content {
          id
          webhookId
          eventType
          status
          attempts
          createdAt
          succeededAt
          nextAttemptAt
          attemptLog {
            id
            attemptedAt
            durationMs
            outcome
            statusCode
            error
            responseBody
          }
        }
      }
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: WebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        ...WebhookEndpointFields
      }
    }
  }
`);

export const RotateWebhookSecretMutation = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      secret
      endpoint {
        ...WebhookEndpointFields
      }
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const ResumeWebhookEndpointMutation = graphql(`
  mutation ResumeWebhookEndpoint($id: ID!) {
    resumeWebhookEndpoint(id: $id) {
      ...WebhookEndpointFields
    }
  }
`);

export const ResendWebhookDeliveryMutation = graphql(`
  mutation ResendWebhookDelivery($id: ID!) {
    resendWebhookDelivery(id: $id) {
      id
      status
      attempts
      nextAttemptAt
    }
  }
`);
