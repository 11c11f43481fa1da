import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  changeRoleInputSchema,
  deleteUserInputSchema,
} from '@fitcoach/shared/admin';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/auth';
import * as admin from './admin.service';

/**
 * The admin area's users and audit log. Admins only: anyone else is answered 403 (401 signed
 * out), as `/api/admin/mail` does; the admin area's existence is not a secret.
 */
export async function adminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: members by name or email, newest first, a page at a time',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return admin.listUsers(app.ctx, request.query);
    },
  );

  api.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: one member, with what they have stored',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return admin.getUser(app.ctx, request.params.id);
    },
  );

  api.put(
    '/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: change a member’s role (not one’s own; never the last admin’s)',
        params: idParamsSchema,
        body: changeRoleInputSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      return admin.changeRole(app.ctx, actor.id, request.params.id, request.body.role);
    },
  );

  api.post(
    '/admin/users/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: suspend a member (their sessions and sockets end at once)',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      return admin.suspend(app.ctx, actor.id, request.params.id);
    },
  );

  api.post(
    '/admin/users/:id/reactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: let a suspended member sign in again',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      return admin.reactivate(app.ctx, actor.id, request.params.id);
    },
  );

  api.delete(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: delete an account and its data (the member’s email typed to confirm)',
        params: idParamsSchema,
        body: deleteUserInputSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, 'admin');
      await admin.deleteAccount(app.ctx, actor.id, request.params.id, request.body.confirm_email);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/admin/users/:id/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: one member’s data as a JSON download',
        params: idParamsSchema,
        response: {
          200: z.record(z.string(), z.unknown()),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, 'admin');
      const { data } = await admin.exportAccount(app.ctx, actor.id, request.params.id);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="fitcoach-member-${request.params.id}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  api.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: the audit log, newest first, filtered by actor, action or target',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return admin.listAudit(app.ctx, request.query);
    },
  );
}
