import 'i18next';
import type { featureEnglish } from './feature-catalogues';
import type { english } from './resources';
import type videoAnalysis from '../locales/en/video-analysis.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // The lazy namespaces' keys are typed too; their English loads with loadNamespace.
    resources: typeof english &
      typeof featureEnglish & {
        'video-analysis': typeof videoAnalysis;
      };
  }
}
