import { WEBHOOK_EVENT_TYPES } from '../../../src/lib/admin/webhook-types'
import { Joi } from '../../../src/lib/validation/joi'

/**
 * The notifications' admin answers (src/lib/notifications/api-types.ts,
 * src/lib/admin/webhook-types.ts). Times read from the database are Dates, serialised as ISO text.
 */

const id = Joi.number().integer()
const storedInstant = Joi.date().iso()
const nextPage = id
  .allow(null)
  .required()
  .description('Pass as `before` for the next page; null on the last')

export const outboxPageSchema = Joi.object({
  messages: Joi.array()
    .items(
      Joi.object({
        id: id.required(),
        bookingId: id
          .allow(null)
          .required()
          .description(
            "Null for the one e-mail about no booking: a staff member's calendar keeps failing",
          ),
        kind: Joi.string().required(),
        to: Joi.string().required(),
        subject: Joi.string().required(),
        text: Joi.string().required(),
        html: Joi.string().required(),
        sentAt: Joi.string().isoDate().required(),
      }).label('OutboxMessage'),
    )
    .required()
    .description('Newest first'),
  next: nextPage,
}).label('OutboxPage')

const endpointKeys = {
  id: id.required(),
  providerId: id.required(),
  url: Joi.string().required(),
  eventTypes: Joi.array()
    .items(Joi.string().valid(...WEBHOOK_EVENT_TYPES))
    .required(),
  enabled: Joi.boolean().required(),
  createdAt: storedInstant.required(),
}

export const webhookEndpointSchema = Joi.object(endpointKeys).label('WebhookEndpoint')

export const webhookEndpointListSchema = Joi.object({
  endpoints: Joi.array().items(webhookEndpointSchema).required(),
}).label('WebhookEndpoints')

export const createdWebhookEndpointSchema = Joi.object({
  ...endpointKeys,
  secret: Joi.string()
    .required()
    .description('Shown this once: the receiver verifies signatures with it (Standard Webhooks)'),
}).label('CreatedWebhookEndpoint')

const deliveryState = Joi.string().valid('pending', 'delivered', 'failed')

export const deliveryPageSchema = Joi.object({
  deliveries: Joi.array()
    .items(
      Joi.object({
        id: id.required(),
        messageId: Joi.string()
          .required()
          .description('The webhook-id every attempt is sent under'),
        eventType: Joi.string().required(),
        state: deliveryState.required(),
        attempts: id.required(),
        lastStatusCode: id.allow(null).required(),
        lastError: Joi.string().allow(null).required(),
        createdAt: storedInstant.required(),
        lastAttemptAt: storedInstant.allow(null).required(),
        deliveredAt: storedInstant.allow(null).required(),
        // The body as signed and sent, shown whole: each event type's `data` holds its own facts.
        payload: Joi.object({
          type: Joi.string().required(),
          timestamp: Joi.string().required(),
          data: Joi.object().unknown(true).required(),
        })
          .unknown(true)
          .required(),
      }).label('DeliveryLogEntry'),
    )
    .required()
    .description('Newest first'),
  next: nextPage,
}).label('DeliveryPage')

export const resentDeliverySchema = Joi.object({
  id: id.required(),
  state: Joi.string().valid('pending').required().description('Sent again from the first attempt'),
}).label('ResentDelivery')
