/** The one query-key factory of the admins' System tab. */
export const systemKeys = {
  all: ['system'] as const,
  status: () => [...systemKeys.all, 'status'] as const,
};
