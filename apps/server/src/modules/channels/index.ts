/**
 * Notification channels (decision 050): push, e-mail and WhatsApp behind one routing table.
 *
 * The reminder dispatcher's API:
 *
 *   const channels = createChannelDelivery({ db, env, clock, logger });   // once per process
 *   const { kind, channels: used, results } = await channels.deliver({
 *     recipient: { userId, language: 'en' | 'hi', email, whatsapp: user.phone, hasPushSubscription? },
 *     template: 'dose_reminder',                        // TEMPLATES: decides the kind and texts
 *     values: { medicine: 'Metformin', dose: '500 mg', time: '09:00' },   // every variable
 *     role: 'patient',                                  // 'family' | 'doctor' for care_alert
 *     push: async () => ({ outcome: 'delivered' }),     // the dispatcher's own Web Push send
 *   });
 *   // results: one { channel, outcome: 'delivered' | 'failed' | 'skipped', error?, attempts }
 *   // per channel picked; each is also a row of notification_deliveries. Never throws for
 *   // channel errors (only for a missing template value). channels.close() at shutdown.
 *
 * The kind gates (Medication/Appointment Reminders, Health Tips) stay with the dispatcher;
 * routing applies the Push and Email Notifications switches and the per-kind channel choices.
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
