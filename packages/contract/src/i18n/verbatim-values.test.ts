import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { renderVerbatim } from './verbatim-values.ts';

const NAME = String.raw`Met\u0041 {x} <b> \x41 \\`;

describe('renderVerbatim: user text in a Lingui message comes out as typed', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: { delete: compileMessage('Delete {name}?') } } });
  const render = (values?: Record<string, unknown>) => i18n._('delete', values);

  it('Lingui alone decodes escapes in a value (the reason for renderVerbatim)', () => {
    expect(render({ name: NAME })).not.toBe(`Delete ${NAME}?`);
  });

  it('keeps every backslash, brace and tag of the values; other values and no values pass through', () => {
    expect(renderVerbatim(render, { name: NAME })).toBe(`Delete ${NAME}?`);
    expect(renderVerbatim(render, { name: 'Metformin' })).toBe('Delete Metformin?');
    expect(renderVerbatim(render, { name: 5 })).toBe('Delete 5?');
    expect(renderVerbatim(() => 'plain')).toBe('plain');
  });
});
