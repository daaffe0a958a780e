import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminListLayout } from './admin-list-layout';
import type { AdminListLayoutProps } from './admin-list-layout';

const page = (count: number, totalPages = 1) => ({
  content: Array.from({ length: count }, (_, index) => index),
  pageInfo: { totalElements: count, totalPages },
});

const render = (props: Partial<AdminListLayoutProps>) =>
  renderToStaticMarkup(
    <MantineProvider>
      <AdminListLayout
        total={(count) => `${count} rows`}
        list={undefined}
        fetching={false}
        error={undefined}
        failed="The rows could not be loaded"
        onRetry={() => {}}
        skeleton={{ label: 'Loading rows' }}
        empty={<p>No row</p>}
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
    const html = render({ list: page(3, 2), filters: <input aria-label="Search rows" /> });
    expect(html).toContain('The rows');
    expect(html).toContain('3 rows');
    expect(html).toContain('aria-label="Pages of rows"');
    expect(html).not.toContain('No row');
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
});
