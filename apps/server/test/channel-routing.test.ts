/**
 * The channels' routing table (decision 050): defaults per kind and role, the user's own
 * choices, and channels the server or the user lacks never being used.
 */
import type { Channel } from '@diacare/contract/channels';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { availableChannels, channelStatuses, route, type RouteInput } from '../src/modules/channels/routing.ts';
import { TEMPLATES } from '../src/modules/channels/templates.ts';

const ALL = new Set<Channel>(['push', 'email', 'whatsapp']);
const REACH = { pushSubscription: true, email: true, whatsappNumber: true };
const ON = { pushNotifications: true, emailNotifications: true };
const input = (overrides: Partial<RouteInput>): RouteInput => ({
  kind: 'dose',
  role: 'patient',
  switches: ON,
  available: ALL,
  reach: REACH,
  ...overrides,
});

describe('availableChannels', () => {
  const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...vars });

  it('push always; e-mail with SMTP_URL and MAIL_FROM; WhatsApp with token and phone number id', () => {
    expect([...availableChannels(env({}))]).toEqual(['push']);
    expect([
      ...availableChannels(env({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'DiaCare <r@diacare.example>' })),
    ]).toEqual(['push', 'email']);
    expect([...availableChannels(env({ WHATSAPP_TOKEN: 'token', WHATSAPP_PHONE_NUMBER_ID: '1234' }))]).toEqual([
      'push',
      'whatsapp',
    ]);
  });

  it('refuses half a channel’s settings, naming the missing variable', () => {
    expect(() => env({ SMTP_URL: 'smtp://u:p@mail.example:587' })).toThrow(
      'MAIL_FROM: set both SMTP_URL and MAIL_FROM, or neither',
    );
    expect(() => env({ WHATSAPP_PHONE_NUMBER_ID: '1234' })).toThrow(
      'WHATSAPP_TOKEN: set both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID, or neither',
    );
  });

  it('refuses a bad SMTP_URL or phone number id, naming the variable', () => {
    expect(() => env({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => env({ WHATSAPP_PHONE_NUMBER_ID: '+91 98' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
  });
});

describe('route: the defaults', () => {
  it.each([
    ['dose', ['push']],
    ['refill', ['push', 'email']],
    ['appointment', ['push', 'email']],
    ['weekly_summary', ['email']],
  ] as const)('a patient’s %s → %j', (kind, channels) => {
    expect(route(input({ kind }))).toEqual(channels);
  });

  it('care alerts: a family member gets every channel they have, a doctor none', () => {
    expect(route(input({ kind: 'care_alert', role: 'family' }))).toEqual(['push', 'email', 'whatsapp']);
    expect(route(input({ kind: 'care_alert', role: 'family', reach: { ...REACH, pushSubscription: false } }))).toEqual([
      'email',
      'whatsapp',
    ]);
    expect(route(input({ kind: 'care_alert', role: 'family', reach: { ...REACH, whatsappNumber: false } }))).toEqual([
      'push',
      'email',
    ]);
    expect(route(input({ kind: 'care_alert', role: 'doctor' }))).toEqual([]);
    expect(route(input({ kind: 'care_alert', role: 'doctor', stored: { whatsapp: true } }))).toEqual(['whatsapp']);
  });

  it('Email Notifications off drops e-mail from refill, appointment and the summary; Push off drops push', () => {
    const switches = { pushNotifications: true, emailNotifications: false };
    expect(route(input({ kind: 'refill', switches }))).toEqual(['push']);
    expect(route(input({ kind: 'weekly_summary', switches }))).toEqual([]);
    expect(route(input({ kind: 'dose', switches: { ...ON, pushNotifications: false } }))).toEqual([]);
  });
});

describe('route: unavailable channels are never on', () => {
  it('without SMTP or WhatsApp settings, only push, whatever the user chose', () => {
    const pushOnly = new Set<Channel>(['push']);
    const stored = { push: true, email: true, whatsapp: true };
    expect(route(input({ kind: 'refill', available: pushOnly, stored }))).toEqual(['push']);
    expect(route(input({ kind: 'care_alert', role: 'family', available: pushOnly }))).toEqual(['push']);
    expect(route(input({ kind: 'weekly_summary', available: pushOnly }))).toEqual([]);
  });

  it('the user’s own choices turn defaults off and others on', () => {
    expect(route(input({ kind: 'dose', stored: { push: false, whatsapp: true } }))).toEqual(['whatsapp']);
    expect(route(input({ kind: 'refill', stored: { email: false } }))).toEqual(['push']);
  });

  it('statuses name the first reason: server settings, then the switch, then what the user has', () => {
    expect(
      channelStatuses(
        new Set(['push']),
        { pushNotifications: false, emailNotifications: false },
        {
          pushSubscription: false,
          email: false,
          whatsappNumber: false,
        },
      ),
    ).toEqual({
      push: { available: false, reason: 'switched_off' },
      email: { available: false, reason: 'not_configured' },
      whatsapp: { available: false, reason: 'not_configured' },
    });
    expect(channelStatuses(ALL, ON, { pushSubscription: false, email: false, whatsappNumber: false })).toEqual({
      push: { available: false, reason: 'no_subscription' },
      email: { available: false, reason: 'no_email' },
      whatsapp: { available: false, reason: 'no_whatsapp_number' },
    });
  });
});

describe('templates', () => {
  it('each WhatsApp body uses {{1}}…{{n}} for its n variables, in both languages', () => {
    for (const [name, template] of Object.entries(TEMPLATES)) {
      const expected = template.variables.map((_, i) => `{{${i + 1}}}`).sort();
      for (const body of [template.whatsapp.en, template.whatsapp.hi]) {
        expect([...body.matchAll(/\{\{\d+\}\}/g)].map((m) => m[0]).sort(), name).toEqual(expected);
      }
    }
  });
});
