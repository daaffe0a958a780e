export { moderationUiMessages } from './moderation.messages';
export { ReportButton } from './report-button';
export { TakedownNotice, TakedownSummary } from './takedown-notice';
