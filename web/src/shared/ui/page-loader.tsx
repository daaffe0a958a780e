import { Center, Loader } from '@mantine/core';
import { uiMessages } from './ui.messages';

/** Shown while a page's code or data loads. */
export function PageLoader({ label = uiMessages.loadingPage }: { label?: string }) {
  return (
    <Center py={96} role="status" aria-live="polite">
      <Loader type="bars" aria-label={label} />
    </Center>
  );
}
