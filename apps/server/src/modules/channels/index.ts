/**
 * Notification channels: push, e-mail and WhatsApp behind one routing table. Callers build one
 * `createChannelDelivery(...)` per process and call `deliver(...)` per message (delivery.ts).
 * Decision 050.
 */
export {
  createChannelDelivery,
  type ChannelDelivery,
  type ChannelDeliveryDeps,
  type ChannelResult,
  type DeliveryRecipient,
  type DeliveryRequest,
  type DeliveryResult,
  type PushChannelOutcome,
} from './delivery.ts';
export { createEmailSender, type EmailMessage, type EmailResult, type EmailSender } from './email-sender.ts';
export { buildEmail, type EmailContent } from './messages.ts';
export {
  availableChannels,
  channelStatuses,
  choicesFor,
  DEFAULT_CHANNELS,
  route,
  type RecipientReach,
  type RecipientRole,
  type RouteInput,
} from './routing.ts';
export { TEMPLATES, TEMPLATE_NAMES, orderedValues, type TemplateName, type TemplateValues } from './templates.ts';
export {
  createWhatsAppSender,
  toE164,
  type WhatsAppMessage,
  type WhatsAppResult,
  type WhatsAppSender,
} from './whatsapp-sender.ts';
