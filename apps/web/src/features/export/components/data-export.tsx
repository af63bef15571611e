/**
 * Profile's 'Download my data': two plain download links to the export routes, so the browser
 * sends the cookie, shows its own progress and saves under the server's file name; nothing is
 * buffered in the page. Decision 020.
 */
import { Download, FileArchive, FileJson } from 'lucide-react';
import { useT } from '../../../lib/i18n/language-provider';
import { EXPORT_CSV_URL, EXPORT_FHIR_URL } from '../api/export';

const EXPORTS = [
  {
    href: EXPORT_CSV_URL,
    label: 'your-data.export.csv',
    description: 'your-data.export.csvDescription',
    Icon: FileArchive,
  },
  {
    href: EXPORT_FHIR_URL,
    label: 'your-data.export.fhir',
    description: 'your-data.export.fhirDescription',
    Icon: FileJson,
  },
] as const;

/**
 * Icon, label and download mark on one row, the description below across the whole width: at
 * 200 % text on a 360 px phone a description squeezed between the two icons got one word a line.
 * The description sits outside the link, so the link's visible text is its label alone and its
 * name ('Download CSV (ZIP)') contains it (WCAG 2.5.3 Label in Name); the link's ::after covers
 * the whole card, so a tap on the description still downloads.
 */
const cardClasses = 'relative rounded-xl border border-slate-200 px-3 py-2 hover:bg-slate-50';
const linkClasses =
  'grid min-h-12 w-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 text-left text-sm font-semibold rounded-lg text-slate-800 after:absolute after:inset-0 after:rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The section's content: a short explanation and the two downloads. */
export function DataExport() {
  const t = useT();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{t('your-data.export.intro')}</p>
      <ul className="space-y-2">
        {EXPORTS.map(({ href, label, description, Icon }) => {
          const id = `export-${href.split('/').at(-1)}`;
          // Named by its text: a hidden 'Download' and the visible label ('Download CSV (ZIP)').
          return (
            <li key={href} className={cardClasses}>
              <a href={href} download className={linkClasses} aria-describedby={`${id}-description`}>
                <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                <span className="wrap-break-word">
                  <span className="sr-only">{t('your-data.export.download')} </span>
                  {t(label)}
                </span>
                <Download className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              </a>
              <p id={`${id}-description`} className="mt-1 wrap-break-word text-xs font-normal text-slate-500">
                {t(description)}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
