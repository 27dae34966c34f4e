import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { authPlugin } from './http/auth';
import { answerUnroutablePath, registerErrorHandler, sendError } from './http/error-handler';
import { idempotencyPlugin } from './http/idempotency';
import { inputGuardPlugin } from './http/input-guard';
import { languagePlugin } from './http/language';
import { redactingLoggerOptions } from './http/log-redaction';
import { originGuardPlugin } from './http/origin-guard';
import { securityHeadersPlugin } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { registerWeb, sendSpa } from './http/web';
import { testClockRoutes } from './jobs/test-clock';
import { ROUTE_PLUGINS } from './modules';
import { chatSocketPlugin } from './modules/chat';
import { isDraining } from './modules/health';
import { metricsPlugin, opsPlugin } from './modules/ops';
import { busPlugin } from './modules/realtime';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PATH_PARAM_LENGTH = 500;

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const { logger, ...otherOptions } = options;
  const app = Fastify({
    // Every logger the app makes scrubs URLs, credentials and query parameters (http/log-redaction.ts).
    logger:
      logger === false
        ? false
        : redactingLoggerOptions(typeof logger === 'object' ? logger : { level: deps.config.LOG_LEVEL }),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: {
      // A path parameter as long as a search keyword or a pasted link's may be (100 by default answered 414 in
      // Fastify's own words); longer ones and broken %-escapes get the envelope (answerUnroutablePath).
      maxParamLength: MAX_PATH_PARAM_LENGTH,
    },
    frameworkErrors: (_error, request, reply) => answerUnroutablePath(fastifyCookie.parse, request, reply),
    // Big ids are decimal strings in JSON; numbers above 2^53 never reach the client.
    ...otherOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // An answer sent while draining (SIGTERM, main.ts) closes its connection. app.close() closes the connections
  // idle at that moment, but one busy with a request would stay open after its answer, kept alive for the
  // client, and hold the drain for keepAliveTimeout (72 s): past SHUTDOWN_TIMEOUT_MS, so the process exited 1.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isDraining(app)) {
      reply.header('connection', 'close');
    }
    done(null, payload);
  });

  // Before compression: its onSend hook stores the JSON text of answers to Idempotency-Key requests.
  await app.register(idempotencyPlugin);
  // JSON replies and the web app's scripts, styles and HTML go out gzipped; images and small replies as they are.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin);
  await app.register(originGuardPlugin);
  await app.register(inputGuardPlugin);
  await app.register(languagePlugin);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 9, fields: 20 } });
  await app.register(fastifyRateLimit, {
    global: false,
    max: deps.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Under the client's REDIS_KEY_PREFIX, like every key.
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'api-rl:' } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Caravan API', version: '1', description: 'Cross-border wholesale marketplace' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI injects one <style> element without our nonce; its static page holds no user data.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
  await app.register(authPlugin);
  await app.register(busPlugin);
  await app.register(opsPlugin);
  await app.register(metricsPlugin);
  await app.register(chatSocketPlugin);

  for (const plugin of ROUTE_PLUGINS) {
    await app.register(plugin);
  }
  if (deps.config.TEST_CLOCK) {
    await app.register(testClockRoutes);
  }

  await registerWeb(app);
  app.setNotFoundHandler((request, reply) => {
    if (sendSpa(app, request, reply)) {
      return reply;
    }
    return sendError(reply, request, 'ROUTE_NOT_FOUND');
  });
  return app;
}
