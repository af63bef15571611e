/** The four questions offered on an empty conversation (issue 11); a tap sends one. */
import { Bot } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export const SUGGESTED_QUESTIONS = [
  'How was my sugar this week?',
  'Did I take my medicines today?',
  'When is my next appointment?',
  'What should I eat?',
] as const;

export function SuggestedQuestions({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark">
          <Bot className="h-6 w-6" aria-hidden />
        </span>
        <p className="text-slate-700">
          Ask about your medicines, sugar and blood pressure readings, weight and appointments, or about living with
          diabetes.
        </p>
      </div>
      <h2 className="text-sm font-semibold text-slate-500">Try asking</h2>
      <ul className="flex flex-col gap-2">
        {SUGGESTED_QUESTIONS.map((question) => (
          <li key={question}>
            <Button
              variant="outline"
              className="h-auto min-h-11 w-full justify-start py-2 text-left font-medium"
              disabled={disabled}
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
