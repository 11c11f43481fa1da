import { DEFAULT_LOCALE, type Locale } from '@fitcoach/shared/locales';
import type { Role } from '@fitcoach/shared/profile';
import type { MeasurementType } from '@fitcoach/shared/units';
import type { UserRow } from '../db/schema/accounts';

/**
 * Who is asking: what they may do, the units they read and write weights in, and the language
 * they read (the request's `Accept-Language`; on a socket, their profile's, else the socket's).
 */
export interface Viewer {
  id: number;
  role: Role;
  measurementType: MeasurementType;
  locale: Locale;
}

export function toViewer(user: UserRow, locale: Locale = DEFAULT_LOCALE): Viewer {
  return { id: user.id, role: user.role, measurementType: user.measurementType, locale };
}
