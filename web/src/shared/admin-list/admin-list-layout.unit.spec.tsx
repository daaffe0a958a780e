import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminListLayout } from './admin-list-layout';
import type { AdminListLayoutProps } from './admin-list-layout';

const page = (count: number, totalPages = 1) => ({
  content: Array.from({ length: count }, (_, index) => index),
  pageInfo: { totalElements: count, totalPages },
});

type Answer = { list?: ReturnType<typeof page>; fetching?: boolean; error?: unknown };

const render = ({ list, fetching = false, error, ...props }: Partial<AdminListLayoutProps> & Answer) =>
  renderToStaticMarkup(
    <MantineProvider>
      <AdminListLayout
        total={(count) => `${count} rows`}
        answer={{ list, fetching, error, retry: () => {} }}
        failed="The rows could not be loaded"
        skeleton={{ label: 'Loading rows' }}
        empty={{ icon: null, message: 'No row' }}
        rows={<p>The rows</p>}
        pagination={{ label: 'Pages of rows', value: 1, onChange: () => {} }}
        {...props}
      />
    </MantineProvider>,
  );

describe('AdminListLayout', () => {
  it('shows placeholders and no total until the first answer', () => {
    const html = render({ fetching: true });
    expect(html).toContain('aria-label="Loading rows"');
    expect(html).not.toContain('rows</p>');
    expect(html).not.toContain(' rows<');
  });

  it('says a failed first load with its retry instead of placeholders', () => {
    const html = render({ error: new Error('down') });
    expect(html).toContain('The rows could not be loaded');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('Loading rows');
  });

  it('shows the rows, the total and the pages once answered', () => {
    const html = render({
      list: page(3, 2),
      view: { label: 'Show', value: 'all', options: [{ value: 'all', label: 'All' }], onChange: () => {} },
    });
    expect(html).toContain('The rows');
    expect(html).toContain('3 rows');
    expect(html).toContain('aria-label="Pages of rows"');
    expect(html).not.toContain('No row');
    expect(html).not.toContain('text-align:right');
  });

  it('shows the empty state for an empty answer, and keeps the total alone on the right without filters', () => {
    const html = render({ list: page(0) });
    expect(html).toContain('No row');
    expect(html).toContain('>0 rows<');
    expect(html).toContain('text-align:right');
  });

  it('keeps placeholders while an empty last answer is still settling, each state in its own card', () => {
    const html = render({ list: page(0), settling: true, framing: 'card-each' });
    expect(html).toContain('Loading rows');
    expect(html).not.toContain('No row');
  });

  it('puts a table above the breakpoint and cards below it', () => {
    const html = render({ list: page(2), rows: { table: <table />, cards: <ul />, from: 'sm' } });
    expect(html).toMatch(/mantine-visible-from-sm[^>]*><table>/);
    expect(html).toMatch(/mantine-hidden-from-sm[^>]*><ul>/);
  });

  it('offers to clear the filters when they hide every row', () => {
    const html = render({
      list: page(0),
      empty: { icon: null, message: 'No row matches', clear: { label: 'Clear filters', onClick: () => {} } },
    });
    expect(html).toContain('No row matches');
    expect(html).toMatch(/<button[^>]*>.*Clear filters/);
  });
});
