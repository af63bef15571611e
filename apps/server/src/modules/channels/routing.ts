/**
 * The one routing table: which channels a message of each kind goes out on (decision 050).
 * Pure functions; the delivery and the preferences API both use them.
 */
import { CHANNELS, type Channel, type ChannelStatus, type NotificationKind } from '@diacare/contract/channels';
import type { NotificationSettings } from '@diacare/contract/reminders';
import type { Env } from '../../config/env.ts';

/** The recipient's relation to the message: their own reminder, or a member of someone's care circle. */
export type RecipientRole = 'patient' | 'family' | 'doctor';

/**
 * Channels on by default per kind. care_alert depends on the member's role: family gets every
 * channel available to them, a doctor none until they turn one on.
 */
export const DEFAULT_CHANNELS: Record<Exclude<NotificationKind, 'care_alert'>, readonly Channel[]> & {
  care_alert: Record<RecipientRole, readonly Channel[]>;
} = {
  dose: ['push'],
  refill: ['push', 'email'],
  appointment: ['push', 'email'],
  weekly_summary: ['email'],
  // The after-meal check is timely: push alone until the person adds a channel (decision 098).
  meal_check: ['push'],
  care_alert: { family: ['push', 'email', 'whatsapp'], doctor: [], patient: [] },
};

/** The channels the server has settings for: push always (keys are generated), e-mail and WhatsApp when configured. */
export function availableChannels(env: Pick<Env, 'smtp' | 'whatsapp'>): Set<Channel> {
  const channels = new Set<Channel>(['push']);
  if (env.smtp) channels.add('email');
  if (env.whatsapp) channels.add('whatsapp');
  return channels;
}

/** What the recipient has for each channel. */
export interface RecipientReach {
  pushSubscription: boolean;
  email: boolean;
  whatsappNumber: boolean;
}

/** The settings that gate channels: Push and Email Notifications switches. */
export type ChannelSwitches = Pick<NotificationSettings, 'pushNotifications' | 'emailNotifications'>;

/**
 * Whether each channel can be used for this recipient now, and why not: the server's
 * configuration first, then the user's Push/Email switch, then what the user has.
 */
export function channelStatuses(
  available: ReadonlySet<Channel>,
  switches: ChannelSwitches,
  reach: RecipientReach,
): Record<Channel, ChannelStatus> {
  const status = (channel: Channel): ChannelStatus => {
    if (!available.has(channel)) return { available: false, reason: 'not_configured' };
    if (channel === 'push' && !switches.pushNotifications) return { available: false, reason: 'switched_off' };
    if (channel === 'email' && !switches.emailNotifications) return { available: false, reason: 'switched_off' };
    if (channel === 'push' && !reach.pushSubscription) return { available: false, reason: 'no_subscription' };
    if (channel === 'email' && !reach.email) return { available: false, reason: 'no_email' };
    if (channel === 'whatsapp' && !reach.whatsappNumber) return { available: false, reason: 'no_whatsapp_number' };
    return { available: true, reason: null };
  };
  return { push: status('push'), email: status('email'), whatsapp: status('whatsapp') };
}

/** The user's choice per channel for one kind: their own where stored, else the default for their role. */
export function choicesFor(
  kind: NotificationKind,
  role: RecipientRole,
  stored: Partial<Record<Channel, boolean>> = {},
): Record<Channel, boolean> {
  const defaults = kind === 'care_alert' ? DEFAULT_CHANNELS.care_alert[role] : DEFAULT_CHANNELS[kind];
  const choice = (channel: Channel) => stored[channel] ?? defaults.includes(channel);
  return { push: choice('push'), email: choice('email'), whatsapp: choice('whatsapp') };
}

export interface RouteInput {
  kind: NotificationKind;
  /** 'patient' for the user's own reminders; the member's role for care_alert. */
  role: RecipientRole;
  /** The user's stored choices for this kind (absent channels take the default). */
  stored?: Partial<Record<Channel, boolean>>;
  switches: ChannelSwitches;
  /** availableChannels(env) */
  available: ReadonlySet<Channel>;
  reach: RecipientReach;
}

/**
 * The channels to send on, in CHANNELS order: chosen (or on by default) and available. A
 * channel the server is not configured for is never used, whatever the user chose.
 */
export function route(input: RouteInput): Channel[] {
  const choices = choicesFor(input.kind, input.role, input.stored);
  const statuses = channelStatuses(input.available, input.switches, input.reach);
  return CHANNELS.filter((channel) => choices[channel] && statuses[channel].available);
}
