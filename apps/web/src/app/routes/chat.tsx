/** AI Diabetes Assistant (spec §2 Chat): the configured third-party agent in a frame. */
import { Bot } from 'lucide-react';
import { Page, PageHeader } from '../../components/layout/page';
import { Card } from '../../components/ui/card';
import { useAppConfig } from '../../lib/app-config';

export function Component() {
  const config = useAppConfig();
  const url = config.data?.chat_agent_url;
  return (
    <Page withNav className="flex flex-col">
      <PageHeader title="AI Diabetes Assistant" subtitle="Get advice about diabetes management" />
      {config.isPending ? (
        <p className="text-slate-500">Loading...</p>
      ) : url ? (
        <iframe
          src={url}
          title="AI Diabetes Assistant"
          allow="microphone; camera"
          className="h-[calc(100dvh-11rem)] w-full rounded-2xl border border-slate-200 bg-white"
        />
      ) : (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <Bot className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="font-semibold">The AI assistant is not available yet.</p>
          <p className="text-sm text-slate-600">This DiaCare server has no chat agent configured (CHAT_AGENT_URL).</p>
        </Card>
      )}
    </Page>
  );
}
