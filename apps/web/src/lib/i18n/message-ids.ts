/**
 * Every message id of the web app: the keys of the English catalogs (the source language).
 * Type-only imports, so nothing of the catalogs reaches the bundle from here; a call with an id
 * that is not in English fails the typecheck (and catalogs.test.ts checks the same by grep).
 */
import type common from '../../locales/en/common.json';
import type layout from '../../locales/en/layout.json';
import type landing from '../../locales/en/landing.json';
import type home from '../../locales/en/home.json';
import type medications from '../../locales/en/medications.json';
import type medicationForm from '../../locales/en/medication-form.json';
import type profile from '../../locales/en/profile.json';
import type profileSetup from '../../locales/en/profile-setup.json';
import type install from '../../locales/en/install.json';
import type privacy from '../../locales/en/privacy.json';
import type push from '../../locales/en/push.json';
import type health from '../../locales/en/health.json';
import type healthReports from '../../locales/en/health-reports.json';
import type appointments from '../../locales/en/appointments.json';
import type booking from '../../locales/en/booking.json';
import type assistant from '../../locales/en/assistant.json';
import type yourData from '../../locales/en/your-data.json';
import type faq from '../../locales/en/faq.json';
import type care from '../../locales/en/care.json';
import type validation from '../../locales/en/validation.json';
import type meals from '../../locales/en/meals.json';

export type MessageId =
  | keyof typeof common
  | keyof typeof layout
  | keyof typeof landing
  | keyof typeof home
  | keyof typeof medications
  | keyof typeof medicationForm
  | keyof typeof profile
  | keyof typeof profileSetup
  | keyof typeof install
  | keyof typeof privacy
  | keyof typeof push
  | keyof typeof health
  | keyof typeof healthReports
  | keyof typeof appointments
  | keyof typeof booking
  | keyof typeof assistant
  | keyof typeof yourData
  | keyof typeof faq
  | keyof typeof care
  | keyof typeof validation
  | keyof typeof meals;
