import {
  ZAdminUserDetail,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAuditLogFilter,
  ZAuditLogQuery,
  ZAuditLogResponse,
  ZCreateStaffRequest,
  ZIdParams,
  ZOkResponse,
  ZRoleRequest,
  ZRolesResponse,
  ZStaffListResponse,
  ZStaffLoginRequest,
  ZStaffLoginResponse,
  ZStaffMeResponse,
  ZSystemParamCodeParams,
  ZSystemParamListResponse,
  ZUnlockUserRequest,
  ZUpdateStaffRequest,
  ZUpdateSystemParamRequest,
  ZUserActionRequest,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readToken } from '../../http/auth';
import { toSpreadsheetCsv } from '../../http/csv';
import { exportAuditLog, listAuditLog } from '../audit';
import { clearSessionCookie, logoutSession, sessionMeta, setSessionCookie } from '../auth';
import { verifyStaffSecondFactor } from '../staff-totp';
import { createRole, deleteRole, listRoles, updateRole } from './roles';
import { createStaff, listStaff, updateStaff } from './staff';
import { getStaffInfo, loginStaff } from './staff-auth';
import { listSystemParams, updateSystemParam } from './system-params';
import { getUserDetail, unlockUser } from './user-detail';
import { disableUser, enableUser, listUsers } from './users';

const ZCreatedResponse = z.object({ id: z.string() });

/** The staff console (`/admin`): its log-in, users, roles, staff, system parameters and the audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const ok = { ok: true as const };
  const tags = ['admin'];

  app.post(
    '/api/v1/admin/auth/login',
    {
      config: { rateLimit },
      schema: { tags, body: ZStaffLoginRequest, response: { 200: ZStaffLoginResponse } },
    },
    async (request, reply) => {
      const result = await loginStaff(
        db,
        request.body,
        { ttlHours: config.SESSION_TTL_HOURS, ...sessionMeta(request) },
        { counters: app.counters, challenge: request.body.challenge },
      );
      // Second step, separate from the password and its throttling: staff with TOTP give a code too.
      // The session was created by the password step; it is ended at once if the code is missing or wrong.
      try {
        await verifyStaffSecondFactor(db, BigInt(result.staff.id), request.body.totpCode);
      } catch (error) {
        await logoutSession(db, result.token, 'staff');
        throw error;
      }
      setSessionCookie(reply, config, 'staff', result.token, result.expiresAt);
      return { token: result.token, staff: result.staff };
    },
  );

  app.post(
    '/api/v1/admin/auth/logout',
    { schema: { tags, response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await logoutSession(db, readToken(request, 'staff'), 'staff');
      clearSessionCookie(reply, config, 'staff');
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/auth/me',
    { preHandler: app.requireStaff(), schema: { tags, response: { 200: ZStaffMeResponse } } },
    async (request) => ({ staff: await getStaffInfo(db, request.staffMember!.id) }),
  );

  app.get(
    '/api/v1/admin/users',
    {
      preHandler: app.requireStaff('users.read'),
      schema: { tags, querystring: ZAdminUsersQuery, response: { 200: ZAdminUsersResponse } },
    },
    async (request) => listUsers(db, request.query),
  );

  app.post(
    '/api/v1/admin/users/:id/disable',
    {
      preHandler: app.requireStaff('users.manage'),
      schema: {
        tags,
        params: ZIdParams,
        body: ZUserActionRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await disableUser(db, {
        staffId: request.staffMember!.id,
        userId: BigInt(request.params.id),
        reason: request.body.reason,
      });
      return ok;
    },
  );

  app.post(
    '/api/v1/admin/users/:id/enable',
    {
      preHandler: app.requireStaff('users.manage'),
      schema: {
        tags,
        params: ZIdParams,
        body: ZUserActionRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await enableUser(db, app.counters, {
        staffId: request.staffMember!.id,
        userId: BigInt(request.params.id),
        reason: request.body.reason,
      });
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/users/:id',
    {
      preHandler: app.requireStaff('users.read'),
      schema: { tags, params: ZIdParams, response: { 200: ZAdminUserDetail } },
    },
    // users.read lets customer service help a user; the money movements stay with ledger.read (finance).
    async (request) =>
      getUserDetail(db, BigInt(request.params.id), {
        canReadLedger: request.staffMember!.permissions.includes('ledger.read'),
        counters: app.counters,
      }),
  );

  app.post(
    '/api/v1/admin/users/:id/unlock',
    {
      preHandler: app.requireStaff('users.manage'),
      schema: { tags, params: ZIdParams, body: ZUnlockUserRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await unlockUser(db, app.counters, {
        staffId: request.staffMember!.id,
        userId: BigInt(request.params.id),
        lock: request.body.lock,
        reason: request.body.reason,
      });
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/audit-log',
    {
      preHandler: app.requireStaff('audit.read'),
      schema: { tags, querystring: ZAuditLogQuery, response: { 200: ZAuditLogResponse } },
    },
    async (request) => listAuditLog(db, request.query),
  );

  app.get(
    '/api/v1/admin/audit-log/export',
    {
      preHandler: app.requireStaff('audit.read'),
      schema: { tags, summary: 'The matching audit entries as CSV', querystring: ZAuditLogFilter },
    },
    async (request, reply) => {
      const entries = await exportAuditLog(db, request.query);
      // With a byte order mark: without it Excel garbled the Arabic or Chinese names in `details`.
      const csv = toSpreadsheetCsv([
        ['id', 'createdAt', 'staffId', 'staffUsername', 'action', 'targetType', 'targetId', 'details'],
        ...entries.map((e) => [
          e.id,
          e.createdAt,
          e.staffId ?? '',
          e.staffUsername ?? '',
          e.action,
          e.targetType,
          e.targetId ?? '',
          JSON.stringify(e.details),
        ]),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="caravan-audit-log.csv"')
        .send(csv);
    },
  );

  app.get(
    '/api/v1/admin/roles',
    { preHandler: app.requireStaff('roles.manage'), schema: { tags, response: { 200: ZRolesResponse } } },
    async () => ({ data: await listRoles(db) }),
  );

  app.post(
    '/api/v1/admin/roles',
    {
      preHandler: app.requireStaff('roles.manage'),
      schema: { tags, body: ZRoleRequest, response: { 201: ZCreatedResponse } },
    },
    async (request, reply) => {
      const id = await createRole(db, request.staffMember!, request.body);
      return reply.status(201).send({ id: String(id) });
    },
  );

  app.put(
    '/api/v1/admin/roles/:id',
    {
      preHandler: app.requireStaff('roles.manage'),
      schema: { tags, params: ZIdParams, body: ZRoleRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await updateRole(db, request.staffMember!, BigInt(request.params.id), request.body);
      return ok;
    },
  );

  app.delete(
    '/api/v1/admin/roles/:id',
    {
      preHandler: app.requireStaff('roles.manage'),
      schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await deleteRole(db, request.staffMember!, BigInt(request.params.id));
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/staff',
    { preHandler: app.requireStaff('staff.manage'), schema: { tags, response: { 200: ZStaffListResponse } } },
    async () => ({ data: await listStaff(db) }),
  );

  app.post(
    '/api/v1/admin/staff',
    {
      preHandler: app.requireStaff('staff.manage'),
      schema: { tags, body: ZCreateStaffRequest, response: { 201: ZCreatedResponse } },
    },
    async (request, reply) => {
      const id = await createStaff(db, request.staffMember!, request.body);
      return reply.status(201).send({ id: String(id) });
    },
  );

  app.put(
    '/api/v1/admin/staff/:id',
    {
      preHandler: app.requireStaff('staff.manage'),
      schema: { tags, params: ZIdParams, body: ZUpdateStaffRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await updateStaff(db, app.counters, request.staffMember!, BigInt(request.params.id), request.body);
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/system-params',
    {
      preHandler: app.requireStaff('settings.manage'),
      schema: { tags, response: { 200: ZSystemParamListResponse } },
    },
    async () => ({ data: await listSystemParams(db) }),
  );

  app.put(
    '/api/v1/admin/system-params/:code',
    {
      preHandler: app.requireStaff('settings.manage'),
      schema: {
        tags,
        params: ZSystemParamCodeParams,
        body: ZUpdateSystemParamRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await updateSystemParam(db, request.staffMember!.id, {
        code: request.params.code,
        value: request.body.value,
      });
      return ok;
    },
  );
};
