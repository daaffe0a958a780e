import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import AboutPayoutSystemPage from './about-payout-system';

describe('the author payouts page', () => {
  it('says both: choose PayPal outside the SEPA area, where a bank transfer costs about 8 €', () => {
    const text = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <AboutPayoutSystemPage />
        </MemoryRouter>
      </MantineProvider>,
    )
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ');
    expect(text).toContain('If your account is outside the SEPA area, choose PayPal');
    expect(text).toContain('a bank transfer to an account outside the SEPA area costs a fee of about 8 €');
  });
});
