import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Schema compilers shared by every app a test process builds.
 *
 * Each Fastify instance compiles every route's schemas when it starts: the validators (Ajv) and
 * the answers' serialisers (fast-json-stringify), most of an app's start-up, and a test pass
 * builds some seventy apps (docs/journal/2026-11-26-server-test-setup.md). The route schemas are the same objects from one app to the next (the
 * constants of `@hub/shared/api` and of the route files), so one compiled function serves them all:
 * - validators: one Ajv for all apps (Fastify's default factory keeps one per set of options, and
 *   Ajv keeps each compiled schema by the schema object);
 * - serialisers: kept by the schema object and the serialiser's options.
 * The compiled code is the same as with Fastify's defaults: only the compiling is shared. The
 * server itself builds one app per process and keeps Fastify's defaults.
 */
const buildValidator = AjvCompiler();

const defaultSerializerFactory = SerializerSelector();
type SerializerFactory = typeof defaultSerializerFactory;
type Serializer = (data: unknown) => string;
const serializers = new WeakMap<object, Map<string, Serializer>>();

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializerFactory(externalSchemas, options);
  // Shared schemas (app.addSchema) would make a serialiser depend on the app: compile as Fastify does.
  if (externalSchemas && Object.keys(externalSchemas).length > 0) return compile;
  const optionsKey = JSON.stringify(options ?? {});
  return (route) => {
    const schema = route.schema as object;
    let byOptions = serializers.get(schema);
    if (!byOptions) serializers.set(schema, (byOptions = new Map()));
    let serializer = byOptions.get(optionsKey);
    if (!serializer) byOptions.set(optionsKey, (serializer = compile(route) as Serializer));
    return serializer;
  };
};

/** Fastify options that share the schema compilers between the apps of this process. */
export const sharedCompilers: FastifyServerOptions = {
  schemaController: { compilersFactory: { buildValidator, buildSerializer } },
};
