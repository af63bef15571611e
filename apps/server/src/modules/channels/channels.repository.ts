/**
 * The channels' storage: each user's choices per kind × channel, what they have for each
 * channel, and the delivery audit (decision 050).
 */
import type { Channel, ChannelPreferencesUpdate, NotificationKind } from '@diacare/contract/channels';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  careMembers,
  notificationChannelChoices,
  notificationDeliveries,
  pushSubscriptions,
  users,
} from '../../db/schema.ts';
import type { RecipientReach } from './routing.ts';

export type StoredChoices = Partial<Record<NotificationKind, Partial<Record<Channel, boolean>>>>;

export interface DeliveryRecord {
  userId: string;
  kind: NotificationKind;
  channel: Channel;
  template: string | null;
  outcome: 'delivered' | 'failed' | 'skipped';
  error: string | null;
  attempts: number;
  at: Date;
}

export function createChannelsRepository(db: Database) {
  return {
    /** The user's stored choices (kinds and channels without a row are absent). */
    async choices(userId: string): Promise<StoredChoices> {
      const rows = await db
        .select()
        .from(notificationChannelChoices)
        .where(eq(notificationChannelChoices.user_id, userId));
      const choices: StoredChoices = {};
      for (const row of rows) (choices[row.kind] ??= {})[row.channel] = row.enabled;
      return choices;
    },

    /** Stores every kind × channel in `update`, in one statement; the rest keep theirs. */
    async saveChoices(userId: string, update: ChannelPreferencesUpdate, now: Date): Promise<void> {
      const values = Object.entries(update).flatMap(([kind, channels]) =>
        Object.entries(channels ?? {}).map(([channel, enabled]) => ({
          user_id: userId,
          kind: kind as NotificationKind,
          channel: channel as Channel,
          enabled: enabled as boolean,
          updated_at: now,
        })),
      );
      if (values.length === 0) return;
      await db
        .insert(notificationChannelChoices)
        .values(values)
        .onConflictDoUpdate({
          target: [
            notificationChannelChoices.user_id,
            notificationChannelChoices.kind,
            notificationChannelChoices.channel,
          ],
          set: { enabled: sql`excluded.enabled`, updated_at: now },
        });
    },

    /** Whether the user has a push subscription, an e-mail address and a WhatsApp number. */
    async reach(userId: string): Promise<RecipientReach & { emailAddress: string | null; phone: string | null }> {
      const [[row], [subscription]] = await Promise.all([
        db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)),
        db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.user_id, userId))
          .limit(1),
      ]);
      return {
        pushSubscription: Boolean(subscription),
        email: Boolean(row?.email),
        whatsappNumber: Boolean(row?.phone),
        emailAddress: row?.email ?? null,
        phone: row?.phone ?? null,
      };
    },

    /** The role whose care-alert defaults the user sees: family when in any circle as family, doctor when only as doctor. */
    async careAlertRole(userId: string): Promise<'family' | 'doctor'> {
      const rows = await db
        .selectDistinct({ role: careMembers.role })
        .from(careMembers)
        .where(eq(careMembers.member_id, userId));
      return rows.length > 0 && rows.every((row) => row.role === 'doctor') ? 'doctor' : 'family';
    },

    async recordDeliveries(records: readonly DeliveryRecord[]): Promise<void> {
      if (records.length === 0) return;
      await db.insert(notificationDeliveries).values(
        records.map((r) => ({
          user_id: r.userId,
          kind: r.kind,
          channel: r.channel,
          template: r.template,
          outcome: r.outcome,
          error: r.error,
          attempts: r.attempts,
          at: r.at,
        })),
      );
    },

    /** The user's deliveries, newest first (tests and support). */
    async deliveries(userId: string, kind?: NotificationKind) {
      return db
        .select()
        .from(notificationDeliveries)
        .where(
          kind
            ? and(eq(notificationDeliveries.user_id, userId), eq(notificationDeliveries.kind, kind))
            : eq(notificationDeliveries.user_id, userId),
        )
        .orderBy(sql`${notificationDeliveries.at} desc`);
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
