import type { Config } from '../../infra/config';

/**
 * An operator not registered for VAT: orders are priced by the current fee rules with no VAT, so
 * their figures are the fee rules' alone. For the specs about payouts, statements and tips whose
 * figures are not about VAT (the VAT figures are tested in tests/api/vat-checkout.int.spec.ts).
 */
export const NOT_VAT_REGISTERED: Partial<Config> = {
  vat: {
    registered: false,
    homeCountry: 'cz',
    vatId: null,
    seller: {
      name: 'TrackSkins s.r.o.',
      address: 'Vinohradská 12, 120 00 Praha 2, Czech Republic',
      companyId: null,
    },
  },
};
