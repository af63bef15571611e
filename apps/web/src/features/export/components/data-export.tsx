/**
 * Profile's 'Download my data' (issue 13 item 2): two plain download links to the export
 * routes. A link with `download` sends the session cookie like any same-origin request, lets
 * the browser show its own progress and saves under the server's file name; nothing is
 * buffered in the page, however many years of data there are.
 */
import { Download, FileArchive, FileJson } from 'lucide-react';
import { useT } from '../../../lib/i18n/language-provider';

const EXPORTS = [
  {
    href: '/api/export/csv',
    label: 'your-data.export.csv',
    description: 'your-data.export.csvDescription',
    Icon: FileArchive,
  },
  {
    href: '/api/export/fhir',
    label: 'your-data.export.fhir',
    description: 'your-data.export.fhirDescription',
    Icon: FileJson,
  },
] as const;

/**
 * Icon, label and download mark on one row, the description below across the whole width: at
 * 200 % text on a 360 px phone a description squeezed between the two icons got one word a line.
 */
const linkClasses =
  'grid min-h-12 w-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 px-3 py-2 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The section's content: a short explanation and the two downloads. */
export function DataExport() {
  const t = useT();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{t('your-data.export.intro')}</p>
      <ul className="space-y-2">
        {EXPORTS.map(({ href, label, description, Icon }) => {
          const id = `export-${href.split('/').at(-1)}`;
          // Named by the label alone ('Download CSV (ZIP)'); the longer text is its description.
          return (
            <li key={href}>
              <a
                href={href}
                download
                className={linkClasses}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-description`}
              >
                <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                <span id={`${id}-label`} className="wrap-break-word">
                  <span className="sr-only">{t('your-data.export.download')} </span>
                  {t(label)}
                </span>
                <Download className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                <span
                  id={`${id}-description`}
                  className="col-span-3 wrap-break-word text-xs font-normal text-slate-500"
                >
                  {t(description)}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
