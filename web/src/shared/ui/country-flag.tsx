import 'flag-icons/css/flag-icons.min.css';
import { formatCountry } from '../format';
import { useFirstScreenShown } from './after-first-screen';

export interface CountryFlagProps {
  /** Two-letter country code, any case (e.g. 'cz'). */
  code: string | null | undefined;
  /** Hide the flag from assistive technology when the country name is written beside it. */
  decorative?: boolean;
  /** Font size of the flag (it is 4:3, one em high). */
  size?: string;
}

/** A country's flag from the kept flag set (DESIGN.md), with the country name as its label. */
export function CountryFlag({ code, decorative = false, size }: CountryFlagProps) {
  // The flag's picture (a stylesheet background) is asked once the first screen is shown; its box
  // is there from the start.
  const shown = useFirstScreenShown();
  const normalized = code?.trim().toLowerCase() ?? '';
  if (!/^[a-z]{2}$/.test(normalized)) return null;
  const name = formatCountry(normalized);
  return (
    <span
      className={shown ? `fi fi-${normalized}` : 'fi'}
      // A faint edge keeps white flags (Japan, Poland) visible on a white card.
      style={{
        borderRadius: 2,
        flexShrink: 0,
        fontSize: size,
        boxShadow: '0 0 0 1px rgba(127, 127, 127, 0.35)',
      }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name, title: name })}
    />
  );
}
