import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardGrid } from './card-grid';

const items = Array.from({ length: 10 }, (_, index) => ({ id: index, title: `Skin ${index}` }));

const render = (list: typeof items) =>
  renderToStaticMarkup(
    <MantineProvider>
      <CardGrid
        items={list}
        renderItem={(item) => <article>{item.title}</article>}
        skeleton={<div />}
        loadingLabel="Loading"
        cols={{ base: 1 }}
      />
    </MantineProvider>,
  );

describe('CardGrid', () => {
  it('renders the first four cards at once and says the list is still growing', () => {
    const html = render(items);
    expect(html.match(/<article>/g)).toHaveLength(4);
    expect(html).toContain('Skin 3');
    expect(html).not.toContain('Skin 4');
    expect(html).toMatch(/<ul[^>]*aria-busy="true"/);
  });

  it('is not busy when every card fits in the first render', () => {
    const html = render(items.slice(0, 3));
    expect(html.match(/<article>/g)).toHaveLength(3);
    expect(html).not.toContain('aria-busy');
  });
});
