import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-error';
import { gateAnswer, operationKey, permissionTable, type Permission } from '../lib/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entries in the permission table (lib/permissions.ts), by method. */
    permissions?: Partial<Record<string, Permission>>;
  }
}

/** HEAD answers as its GET does (Fastify adds one per GET). */
const tableMethod = (method: string) => (method === 'HEAD' ? 'GET' : method);

/**
 * The gate of the request's entry: 401 without a session, 403 for a role it does not let in. A
 * method without an entry (none gets past the boot check) is refused rather than let through.
 */
const checkGate: onRequestHookHandler = (request, _reply, done) => {
  const permission = request.routeOptions.config.permissions?.[request.method];
  const answer = permission ? gateAnswer(permission.gate, request.session?.user.role ?? null) : 403;
  if (answer === 401) done(unauthorized());
  else if (answer === 403) done(forbidden());
  else done();
};

/** Whether a route must have an entry: every route the OpenAPI document shows. */
const isDocumented = (route: RouteOptions) => !route.schema?.hide;

/**
 * The permission table in force (docs/decisions/0033). Each documented route gets its entries
 * (on `config.permissions`) and its gate, checked on request after the session is read and
 * before the body is parsed: a request refused by its gate never reaches validation or the
 * handler. A documented route without an entry stops the boot, every one of them named.
 */
export const permissionsPlugin = fp(
  async (app: FastifyInstance) => {
    const missing: string[] = [];
    app.addHook('onRoute', (route) => {
      if (!isDocumented(route)) return;
      const permissions: Partial<Record<string, Permission>> = {};
      for (const method of [route.method].flat()) {
        if (method === 'OPTIONS') continue;
        const key = operationKey(tableMethod(method), route.url ?? route.path);
        const permission = permissionTable[key];
        if (permission) permissions[method] = permission;
        else if (!missing.includes(key)) missing.push(key);
      }
      route.config = { ...route.config, permissions };
      if (Object.values(permissions).every((p) => p?.gate === 'public')) return;
      // The route's own hooks run after the app's: the session is loaded by then.
      route.onRequest = [checkGate, ...(route.onRequest ? [route.onRequest].flat() : [])];
    });
    app.addHook('onReady', async () => {
      if (missing.length === 0) return;
      throw new Error(
        `${missing.length} route(s) have no entry in the permission table ` +
          `(apps/server/src/lib/permissions.ts; docs/decisions/0033):\n` +
          missing.map((key) => `  - '${key}'`).join('\n'),
      );
    });
  },
  { name: 'permissions', dependencies: ['auth'] },
);
