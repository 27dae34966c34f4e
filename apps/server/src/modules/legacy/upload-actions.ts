import { readUpload, storeOwnUpload } from '../uploads';
import { registerLegacyAction, requireLegacyUser } from './registry';

/** SPEC §7: `data.data` is the image address; the v1 picture fields (url, srcset, size) ride along. */
registerLegacyAction('uploadimg!execute', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const image = await storeOwnUpload(ctx.app, { userId: user.id }, await readUpload(ctx.request));
  return { data: image.url, ...image };
});
