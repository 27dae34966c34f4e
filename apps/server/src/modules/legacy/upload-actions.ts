import { readUpload } from '../uploads/read-upload';
import { storeImage } from '../uploads/store-image';
import { registerLegacyAction, requireLegacyUser } from './registry';

/** SPEC §7: `data.data` is the image address; the v1 picture fields (url, srcset, size) ride along. */
registerLegacyAction('uploadimg!execute', async (ctx) => {
  await requireLegacyUser(ctx);
  const { buffer } = await readUpload(ctx.request);
  const image = await storeImage(buffer, { uploadDir: ctx.app.deps.config.uploadDir });
  return { data: image.url, ...image };
});
