import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { Screenshot } from './screenshots';
import { ScreenshotThumb } from './screenshots';
import classes from './step-list.module.css';

export interface GuideStep {
  title: string;
  body: ReactNode;
  screenshot?: Screenshot;
}

interface StepListProps {
  steps: readonly GuideStep[];
  onOpenScreenshot: (shot: Screenshot, button: HTMLElement) => void;
}

/** Numbered steps of a how-to, each optionally with a screenshot thumbnail. */
export function StepList({ steps, onOpenScreenshot }: StepListProps) {
  return (
    // role="list" keeps list semantics in browsers that drop them for `list-style: none`.
    <ol className={classes.list} role="list">
      {steps.map((step, index) => (
        <li key={step.title} className={classes.step}>
          <ThemeIcon size={40} radius="xl" variant="light" className={classes.number} aria-hidden>
            {index + 1}
          </ThemeIcon>
          <Stack gap="xs" pt={6}>
            <Title order={3} fz={{ base: 17, sm: 19 }} lh={1.35}>
              <VisuallyHidden>Step {index + 1}: </VisuallyHidden>
              {step.title}
            </Title>
            <Text component="div" lh={1.7}>
              {step.body}
            </Text>
            {step.screenshot ? <ScreenshotThumb shot={step.screenshot} onOpen={onOpenScreenshot} /> : null}
          </Stack>
        </li>
      ))}
    </ol>
  );
}
