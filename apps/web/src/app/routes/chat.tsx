/**
 * AI Diabetes Assistant: the configured third-party agent in a
 * frame when the server has one, otherwise DiaCare's own assistant. Never shows a patient
 * the server's configuration.
 */
import { Page, PageHeader } from '../../components/layout/page';
import { AssistantChat } from '../../features/assistant/components/assistant-chat';
import { useAppConfig } from '../../lib/app-config';
import { useT } from '../../lib/i18n/language-provider';

export function Component() {
  const t = useT();
  const config = useAppConfig();
  const url = config.data?.chat_agent_url;
  const assistant = config.data?.assistant;
  return (
    <Page withNav className="flex flex-col">
      <PageHeader title={t('assistant.page.title')} subtitle={t('assistant.page.subtitle')} />
      {config.isPending ? (
        <p className="text-slate-500">{t('common.loading')}</p>
      ) : url ? (
        <iframe
          src={url}
          title={t('assistant.page.title')}
          allow="microphone; camera"
          className="h-[calc(100dvh-11rem)] w-full rounded-2xl border border-slate-200 bg-white"
        />
      ) : (
        <AssistantChat engineName={assistant?.name} />
      )}
    </Page>
  );
}
