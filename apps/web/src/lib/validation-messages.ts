/**
 * Form errors in the page's language: the contract's English→Hindi table, the same the server uses,
 * loaded in its own chunk the first time the page is Hindi (messages stay English until it arrives).
 * Forms call lib/i18n/field-error `fieldMessage`. Decision 026.
 */
import type * as ValidationTable from '@diacare/contract/i18n/validation-messages';
import type { MessageLanguage } from '@diacare/contract/i18n/validation-messages';

type Table = typeof ValidationTable;
let table: Table | null = null;
let loading: Promise<unknown> | null = null;

/** The page's language as the table knows it: 'hi' for hi, hi-IN…; else 'en'. */
export function pageLanguage(): MessageLanguage {
  return typeof document !== 'undefined' && document.documentElement.lang.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

/** Starts loading the table when the page is (or turns) Hindi. */
function watchLanguage(): void {
  if (typeof document === 'undefined') return;
  const load = () => {
    if (pageLanguage() === 'hi' && !loading) {
      loading = import('@diacare/contract/i18n/validation-messages').then((module) => {
        table = module;
      });
    }
  };
  load();
  if (typeof MutationObserver !== 'undefined') {
    new MutationObserver(load).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  }
}
watchLanguage();

/** Resolves once the table is loaded (tests and callers that must not show English). */
export async function validationTableReady(): Promise<void> {
  await loading;
}

/**
 * A whole message in the page's language: 'Name is required' → 'नाम ज़रूरी है';
 * text the table does not know (or an English page) passes unchanged.
 */
export function localiseValidationText(message: string): string {
  const language = pageLanguage();
  return language === 'en' || !table ? message : table.translateValidationDetail(message, language);
}

/** A field's rule alone ('must be at least 20 mg/dL') in the page's language. */
export function localiseValidationRule(message: string): string {
  const language = pageLanguage();
  return language === 'en' || !table ? message : table.translateValidationMessage(message, language);
}
