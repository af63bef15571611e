/**
 * Validation issues in the reader's language: the contract's zod issues carry message ids
 * (`vmsg`), rendered here from the server's catalogs; a 400 `detail` is '<field>: <message>'.
 * Decision 094.
 */
import { readValidationMessage } from '@diacare/contract/i18n/validation-messages';
import { isMessageId, optionText, t, type Language } from './index.ts';

/**
 * An issue message in `language`.
 * @param message an id made by the contract's `vmsg` ('validation.min_unit?min=20&unit=mg%2FdL'),
 *   or a server catalog id (the sign-in form's own schema)
 * @returns the catalog text; anything else reads as 'validation.invalid' ('is invalid')
 */
export function validationText(language: Language, message: string): string {
  const known = readValidationMessage(message);
  if (known) return t(language, known.id, known.values);
  if (isMessageId(message)) return t(language, message);
  return t(language, 'validation.invalid');
}

/**
 * A field path as the reader sees it: in English the path as the client sent it
 * ('schedule.times.1'); in another language the catalog label of its last named part
 * (field.<name>), with a list position counted from 1 ('समय 2'). Unknown names stay as sent.
 */
export function fieldLabel(language: Language, path: string): string {
  if (language === 'en') return path;
  const parts = path.split('.');
  const last = parts.at(-1) ?? path;
  const label = (name: string) => {
    return optionText(language, `field.${name}`, name);
  };
  if (/^\d+$/.test(last) && parts.length > 1) return `${label(parts.at(-2)!)} ${Number(last) + 1}`;
  return label(last);
}
