/**
 * The message box: Enter sends, Shift+Enter starts a new line; Send is disabled while an
 * answer is coming and when the box is empty (offline it stays enabled: the question waits in
 * the outbox, decision 028). Shows the 2,000-character limit.
 */
import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { MESSAGE_MAX_LENGTH } from '../api/types';

/** Stands for the 112 link inside the translated note. */
const LINK_MARK = '\u0001';

export function Composer({
  onSend,
  sending,
  children,
  textareaRef,
}: {
  /** Resolves false when the message was not sent, so the text stays in the box. */
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
  /** Notices shown above the box (offline, errors), so they stay in view with it. */
  children?: ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const id = useId();
  // The note's text around the emergency number, which is a tel: link in every language.
  const [before = '', after = ''] = t('assistant.composer.note', { number: LINK_MARK }).split(LINK_MARK);
  const [text, setText] = useState('');
  const content = text.trim();
  const canSend = content.length > 0 && !sending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setText('');
    if (!(await onSend(content))) setText((current) => current || text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME candidate (Hindi, Tamil keyboards) must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] -mx-[min(1rem,5vw)] -mb-8 mt-4 border-t border-slate-200 bg-slate-50/95 px-[min(1rem,5vw)] pb-2 pt-3 backdrop-blur"
    >
      {children}
      <label htmlFor={`${id}-message`} className="sr-only">
        {t('assistant.composer.message')}
      </label>
      <div className="flex flex-wrap items-end justify-end gap-2">
        <div className="relative min-w-0 flex-[1_1_10rem]">
          <Textarea
            ref={textareaRef}
            id={`${id}-message`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={2}
            placeholder={t('assistant.composer.placeholder')}
            aria-describedby={`${id}-count ${id}-note`}
            className="block max-h-40 min-h-11 resize-none pb-5"
          />
          <p
            id={`${id}-count`}
            className="pointer-events-none absolute bottom-1 right-3 text-[11px] tabular-nums text-slate-500"
          >
            <span aria-hidden>
              {text.length.toLocaleString(intlLocale)}/{MESSAGE_MAX_LENGTH.toLocaleString(intlLocale)}
            </span>
            <span className="sr-only">
              {t('assistant.composer.count', { count: text.length, max: MESSAGE_MAX_LENGTH })}
            </span>
          </p>
        </div>
        <Button type="submit" disabled={!canSend} className="shrink-0">
          <SendHorizontal className="h-5 w-5" aria-hidden />
          {t('assistant.composer.send')}
        </Button>
      </div>
      <p id={`${id}-note`} className="mt-1.5 text-xs text-slate-500">
        {before}
        <a href="tel:112" className="font-semibold text-red-700 underline">
          112
        </a>
        {after}
      </p>
    </form>
  );
}
