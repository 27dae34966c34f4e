import {
  ZAddress,
  ZAddressIdParams,
  ZAddressList,
  ZAddressRequest,
  ZCitiesQuery,
  ZCountryList,
  ZRegionList,
  ZStatesQuery,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCities, listCountries, listStates } from './regions';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service';

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['addresses'];

  app.get(
    '/api/v1/addresses/countries',
    { schema: { tags, summary: 'Countries for the address form', response: { 200: ZCountryList } } },
    async () => ({ list: listCountries() }),
  );
  app.get(
    '/api/v1/addresses/states',
    {
      schema: {
        tags,
        summary: 'States or provinces of a country',
        querystring: ZStatesQuery,
        response: { 200: ZRegionList },
      },
    },
    async (request) => ({ list: listStates(request.query.country) }),
  );
  app.get(
    '/api/v1/addresses/cities',
    {
      schema: {
        tags,
        summary: 'Cities of a state',
        querystring: ZCitiesQuery,
        response: { 200: ZRegionList },
      },
    },
    async (request) => ({ list: listCities(request.query.country, request.query.state) }),
  );

  app.get(
    '/api/v1/addresses',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'My delivery addresses', response: { 200: ZAddressList } },
    },
    async (request) => listAddresses(db, request.user!.id),
  );
  app.post(
    '/api/v1/addresses',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Add an address', body: ZAddressRequest, response: { 201: ZAddress } },
    },
    async (request, reply) => {
      const address = await createAddress(db, request.user!.id, request.body);
      return reply.status(201).send(address);
    },
  );
  app.put(
    '/api/v1/addresses/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Edit an address',
        params: ZAddressIdParams,
        body: ZAddressRequest,
        response: { 200: ZAddress },
      },
    },
    async (request) => updateAddress(db, request.user!.id, BigInt(request.params.id), request.body),
  );
  app.delete(
    '/api/v1/addresses/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete an address',
        params: ZAddressIdParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteAddress(db, request.user!.id, BigInt(request.params.id));
      return { ok: true as const };
    },
  );
};
