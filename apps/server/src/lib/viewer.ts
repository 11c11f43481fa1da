import type { Role } from '@fitcoach/shared/profile';
import type { MeasurementType } from '@fitcoach/shared/units';
import type { UserRow } from '../db/schema/accounts';

/** Who is asking: what they may do, and the units they read and write weights in. */
export interface Viewer {
  id: number;
  role: Role;
  measurementType: MeasurementType;
}

export function toViewer(user: UserRow): Viewer {
  return { id: user.id, role: user.role, measurementType: user.measurementType };
}
