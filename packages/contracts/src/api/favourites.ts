import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { zId } from '../validation';
import { ZPageOf, ZProductCard, ZStoreCard, zPageParams } from './catalog';

export const ZFavouriteProductParams = z.strictObject({ productId: zId });
export const ZFollowStoreParams = z.strictObject({ storeId: zId });
export const ZFavouriteListQuery = z.object({ ...zPageParams(PAGE_SIZE.list) });

export const ZFavouriteProduct = ZProductCard.extend({
  isOnShelf: z.boolean(),
  favouritedAt: z.string(),
});
export const ZFavouriteProductPage = ZPageOf(ZFavouriteProduct);
export type TFavouriteProductPage = z.infer<typeof ZFavouriteProductPage>;

export const ZFollowedStore = ZStoreCard.extend({ followedAt: z.string() });
export const ZFollowedStorePage = ZPageOf(ZFollowedStore);
export type TFollowedStorePage = z.infer<typeof ZFollowedStorePage>;

export const ZCountResponse = z.object({ count: z.number().int() });
export const ZFavouriteStateResponse = z.object({ isFavourite: z.boolean(), count: z.number().int() });
export const ZFollowStateResponse = z.object({
  isFollowed: z.boolean(),
  count: z.number().int(),
  followersCount: z.number().int(),
});
