import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { startI18n } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const container = root;
// The catalogues of the member's language load before the first paint: no English flash.
void startI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );
});
