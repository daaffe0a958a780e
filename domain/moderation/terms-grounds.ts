import { z } from 'zod';

/**
 * The rules of the terms of service a moderation decision can rest on (Digital Services Act
 * 2022/2065 Art. 17(3)(d): a statement of reasons names the contractual ground). Each is a numbered
 * rule of the terms page (`/terms-of-service#rule-14-1`): the page lists them from here, so a
 * statement's "rule 14.2" is the rule people read there.
 */
export const TERMS_GROUNDS = [
  'UNSUITABLE_CONTENT',
  'NO_RIGHTS',
  'MALWARE',
  'MANIPULATION',
  'HARASSMENT_OR_SPAM',
  'SHARING_PAID_FILES',
  'ATTACKS',
  'MISLEADING_ITEM',
  'PAYOUT_DETAILS',
] as const;
export type TermsGround = (typeof TERMS_GROUNDS)[number];

export type TermsRule = {
  /** The rule's number on the terms page: section, then the rule within it. */
  number: string;
  /** The terms section's anchor (`/terms-of-service#prohibited`). */
  section: 'prohibited' | 'author-obligations' | 'fees-payouts';
  /** The rule as the terms state it, short. */
  text: string;
};

export const termsRules: Record<TermsGround, TermsRule> = {
  UNSUITABLE_CONTENT: {
    number: '14.1',
    section: 'prohibited',
    text: 'No content that is illegal, sexual, shows nudity or extreme violence, promotes hatred or discrimination, or is otherwise unsuitable for players of any age.',
  },
  NO_RIGHTS: {
    number: '14.2',
    section: 'prohibited',
    text: 'No artwork, logos or trademarks you have no right to use, and no copies of other authors’ work.',
  },
  MALWARE: {
    number: '14.3',
    section: 'prohibited',
    text: 'No malware or any file that does something other than skin a car.',
  },
  MANIPULATION: {
    number: '14.4',
    section: 'prohibited',
    text: 'No manipulation of ratings, downloads or the Skin of the Month, for example with several accounts or traded votes.',
  },
  HARASSMENT_OR_SPAM: {
    number: '14.5',
    section: 'prohibited',
    text: 'No harassing, threatening or impersonating others, and no spam or advertising.',
  },
  SHARING_PAID_FILES: {
    number: '14.6',
    section: 'prohibited',
    text: 'No sharing of purchased files, and no helping others get paid items without paying for them.',
  },
  ATTACKS: {
    number: '14.7',
    section: 'prohibited',
    text: 'No attacking, overloading, scraping or probing the site, and no trying to get into accounts or data that are not yours.',
  },
  MISLEADING_ITEM: {
    number: '10.3',
    section: 'author-obligations',
    text: 'The screenshots, video, title and description show the item truthfully, and the item works in the game selected.',
  },
  PAYOUT_DETAILS: {
    number: '12.2',
    section: 'fees-payouts',
    text: 'Payouts go to the details given in Profile Settings and wait until those details are complete and correct.',
  },
};

/** The rules of section 14 in their order, as the terms page lists them. */
export const prohibitedRules = TERMS_GROUNDS.filter((ground) => termsRules[ground].section === 'prohibited');

/** "Rule 14.2 of the terms: No artwork, …" */
export const groundText = (ground: TermsGround) =>
  `rule ${termsRules[ground].number} of the terms of service: ${termsRules[ground].text}`;

/** The terms page's anchor of one rule. */
export const ruleAnchor = (ground: TermsGround) => `rule-${termsRules[ground].number.replace('.', '-')}`;

/** The grounds an admin chooses from for a takedown, a comment removal or a block (not the payout rule). */
export const MODERATION_GROUNDS = TERMS_GROUNDS.filter((ground) => ground !== 'PAYOUT_DETAILS');

export const termsGround = z.enum(TERMS_GROUNDS, 'Choose the rule of the terms it breaks.');
