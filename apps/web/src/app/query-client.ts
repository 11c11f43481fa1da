import { createQueryClient } from '../lib/query-client';
import { refreshOtherFeatures } from './cross-feature-refresh';

/**
 * The app's one cache; route loaders prefetch into it so pages render with their data. It lives
 * in app/ because it refreshes across features (see cross-feature-refresh.ts).
 */
export const queryClient = createQueryClient({ onMutationSuccess: refreshOtherFeatures });
