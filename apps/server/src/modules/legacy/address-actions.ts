import { ZAddressIdParams, ZAddressRequest, ZCitiesQuery, ZStatesQuery } from '@caravan/contracts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  listCities,
  listCountries,
  listStates,
  updateAddress,
} from '../addresses';
import { readFlag } from './params';
import {
  mapLegacyParams,
  parseLegacy,
  READ_ONLY,
  registerLegacyAction,
  requireLegacyUser,
  type TLegacyContext,
} from './registry';

/** Legacy parameter names (SPEC §3 address fields) -> v1 fields. */
const ALIASES = {
  address: {
    consignee: ['consignee', 'name', 'userName', 'receiver'],
    areaCode: ['areaCode', 'area_code', 'phoneCode', 'phone_code'],
    phone: ['phone', 'mobile', 'tel', 'phoneNumber'],
    country: ['country', 'nation', 'countryCode', 'country_code'],
    state: ['state', 'province', 'stateCode', 'state_code'],
    city: ['city'],
    postcode: ['postcode', 'postCode', 'post_code', 'zipCode', 'zip'],
    detail: ['detail', 'address', 'detailAddress', 'detail_address'],
  },
  id: { id: ['id', 'addressId', 'address_id'] },
  states: { country: ['country', 'countryCode', 'country_code', 'nation'] },
  cities: {
    country: ['country', 'countryCode', 'country_code', 'nation'],
    state: ['state', 'stateCode', 'state_code', 'province'],
  },
} as const;

const DEFAULT_FLAG = ['isDefault', 'use', 'defaultFlag', 'is_default'] as const;

/** The address form; the default flag is 1 (or true) for the default address (SPEC §3). */
function readAddress(ctx: TLegacyContext) {
  const flagName = DEFAULT_FLAG.find((n) => ctx.params[n] !== undefined);
  const isDefault = readFlag(flagName === undefined ? undefined : ctx.params[flagName]);
  return parseLegacy(ZAddressRequest, {
    ...mapLegacyParams(ctx.params, ALIASES.address),
    ...(isDefault === undefined ? {} : { isDefault }),
  });
}

registerLegacyAction(
  'address!list',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    return listAddresses(ctx.app.deps.db, user.id);
  },
  READ_ONLY,
);

registerLegacyAction('address!add', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  return createAddress(ctx.app.deps.db, user.id, readAddress(ctx));
});

registerLegacyAction('address!edit', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { id } = parseLegacy(ZAddressIdParams, mapLegacyParams(ctx.params, ALIASES.id));
  return updateAddress(ctx.app.deps.db, user.id, BigInt(id), readAddress(ctx));
});

registerLegacyAction('address!del', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { id } = parseLegacy(ZAddressIdParams, mapLegacyParams(ctx.params, ALIASES.id));
  await deleteAddress(ctx.app.deps.db, user.id, BigInt(id));
  return null;
});

registerLegacyAction('address!listCountry', async () => ({ list: listCountries() }), READ_ONLY);

registerLegacyAction(
  'address!listState',
  async (ctx) => {
    const query = parseLegacy(ZStatesQuery, mapLegacyParams(ctx.params, ALIASES.states));
    return { list: listStates(query.country) };
  },
  READ_ONLY,
);

registerLegacyAction(
  'address!listCity',
  async (ctx) => {
    const query = parseLegacy(ZCitiesQuery, mapLegacyParams(ctx.params, ALIASES.cities));
    return { list: listCities(query.country, query.state) };
  },
  READ_ONLY,
);
