/** Add-to-home-screen steps: iOS, Android and a fallback. */
import { useT } from '../../../lib/i18n/language-provider';

export function InstallInstructions() {
  const t = useT();
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">{t('install.ios.title')}</h3>
        <ol className="list-decimal space-y-0.5 pl-5">
          <li>{t('install.ios.step1')}</li>
          <li>{t('install.ios.step2')}</li>
          <li>{t('install.ios.step3')}</li>
        </ol>
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">{t('install.android.title')}</h3>
        <ol className="list-decimal space-y-0.5 pl-5">
          <li>{t('install.android.step1')}</li>
          <li>{t('install.android.step2')}</li>
          <li>{t('install.android.step3')}</li>
        </ol>
      </section>
      <p className="rounded-xl bg-slate-100 p-3">{t('install.other')}</p>
    </div>
  );
}
