/// <reference types="node" />
/**
 * For the contract's tests only: an issue message (a message id, decision 094) as the English
 * reader gets it, rendered from the server's English catalog, so a test can still say
 * 'value: must be at least 20 mg/dL'. Not for product code: each side renders with its own catalogs.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readValidationMessage } from './validation-messages.ts';

const catalogPath = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../apps/server/src/i18n/locales/validation/en.json',
);
const messages = JSON.parse(readFileSync(catalogPath, 'utf8')) as Record<string, string>;
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
i18n.setMessagesCompiler(compileMessage);
i18n.load('en', messages);
i18n.activate('en');

/** `message` (made by vmsg) in English; text that is no id is returned as it is. */
export function english(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = readValidationMessage(message);
  return known ? i18n._(known.id, known.values) : message;
}
