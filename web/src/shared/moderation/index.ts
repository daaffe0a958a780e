export { moderationUiMessages } from './moderation.messages';
export { ReportButton, type ReportButtonProps } from './report-button';
export { TakedownNotice, TakedownSummary, type TakedownFacts } from './takedown-notice';
