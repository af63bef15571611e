/** The four questions offered on an empty conversation, in the active language; a tap sends one (offline too: it waits in the outbox). */
import { Bot } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/language-provider';

export const SUGGESTED_QUESTIONS = [
  'assistant.suggested.sugar',
  'assistant.suggested.medicines',
  'assistant.suggested.appointment',
  'assistant.suggested.food',
] as const;

export function SuggestedQuestions({ onAsk }: { onAsk: (question: string) => void }) {
  const t = useT();
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark">
          <Bot className="h-6 w-6" aria-hidden />
        </span>
        <p className="min-w-0 flex-[1_1_12rem] text-slate-700">{t('assistant.suggested.intro')}</p>
      </div>
      <h2 className="text-sm font-semibold text-slate-500">{t('assistant.suggested.heading')}</h2>
      <ul className="flex flex-col gap-2">
        {SUGGESTED_QUESTIONS.map((id) => t(id)).map((question) => (
          <li key={question}>
            <Button
              variant="outline"
              className="h-auto min-h-11 w-full justify-start py-2 text-left font-medium wrap-break-word"
              onClick={() => onAsk(question)}
            >
              {question}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
