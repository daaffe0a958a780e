import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageWithUserText } from './user-text';

const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

describe('MessageWithUserText', () => {
  it('puts the user text, and only it, in its own span inside the message', () => {
    const html = renderToStaticMarkup(
      <MessageWithUserText message={(name) => `More from ${name}`} text="xX_Pilot" />,
    );
    expect(textOf(html)).toBe('More from xX_Pilot');
    expect(html).toMatch(/^More from <span[^>]*>xX_Pilot<\/span>$/);
  });

  it('keeps the words after the name and wraps every place the message names the user', () => {
    const html = renderToStaticMarkup(
      <MessageWithUserText
        message={(name) => `${name} has not published any skins yet, ${name}.`}
        text="Wiatr_PL"
      />,
    );
    expect(textOf(html)).toBe('Wiatr_PL has not published any skins yet, Wiatr_PL.');
    expect(html.startsWith('<span')).toBe(true);
    expect(html.match(/<span/g)).toHaveLength(2);
  });
});
