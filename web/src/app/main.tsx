// Inter as one variable font (every weight in one file; the browser fetches only the alphabets a page
// uses), Titillium Web's Latin letters in the weights the headings use; font-display: swap.
// vite.config.ts preloads the files the first paint needs.
import '@fontsource-variable/inter/wght.css';
import '@fontsource/titillium-web/latin-600.css';
import '@fontsource/titillium-web/latin-700.css';
import '@fontsource/titillium-web/latin-900.css';
// Mantine's base styles; each module gets the stylesheets of the components it imports from the
// mantine-component-styles build plugin (infra/vite/mantine-component-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { makeZodJitless } from './zod-jitless';
import { router } from './router';

makeZodJitless();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// As a transition, React renders the first screen in slices instead of one long task, so a slow
// phone can take a tap while the page builds.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
