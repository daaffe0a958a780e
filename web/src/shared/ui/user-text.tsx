import { Fragment } from 'react';
import type { ReactNode } from 'react';
import classes from './user-text.module.css';

/**
 * Text a user wrote (a username, a skin's title) inside an uppercase heading or label: it keeps its
 * own case, so "More from xX_Pilot" does not read "MORE FROM XX_PILOT".
 */
export function UserText({ children }: { children: ReactNode }) {
  return <span className={classes.userText}>{children}</span>;
}

const SLOT = '\u0000';

/**
 * A message with user text in it, e.g. `messages.skinsBy(username)`: the message's own words follow
 * the heading's style, the user's text keeps its case. The message stays a plain string function, so
 * the same one serves document titles and labels.
 */
export function MessageWithUserText({ message, text }: { message: (text: string) => string; text: string }) {
  const parts = message(SLOT).split(SLOT);
  return (
    <>
      {parts.map((part, index) => (
        // The parts never move: their position is their identity.
        <Fragment key={index}>
          {index > 0 ? <UserText>{text}</UserText> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
