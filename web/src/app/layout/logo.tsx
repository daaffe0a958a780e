import classes from './logo.module.css';

/** The brand mark (a slanted T with a speed stripe) and the wordmark. */
export function Logo() {
  return (
    <span className={classes.logo}>
      <svg className={classes.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#111419" />
        <path d="M10 44 L26 14 H54 L50 22 H33 L21 44 Z" fill="#2edffc" />
        <path d="M30 50 L38 34 H46 L38 50 Z" fill="#ff5cae" />
        <path d="M8 52 H56" stroke="#2edffc" strokeWidth="3" strokeLinecap="round" opacity="0.6" />
      </svg>
      <span className={classes.wordmark}>
        Track<span className={classes.accent}>Skins</span>
      </span>
    </span>
  );
}
