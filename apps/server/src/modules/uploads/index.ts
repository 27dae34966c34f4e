/** The uploads' service API for other domains: import from here. */
export {
  assertOwnPictureFor,
  assertOwnUploads,
  recordUpload,
  type TUploadOwner,
  uploadHashOf,
} from './owners';
export {
  encodePrivateImage,
  PRIVATE_IMAGE_HEADERS,
  storePrivateUpload,
  type TPrivateImage,
} from './private-image';
export {
  getUploadLimits,
  pruneUploadUsage,
  storeOwnUpload,
  type TUploadLimits,
  takeUploadQuota,
} from './quota';
export { readUpload, type TUploadParts } from './read-upload';
export { uploadRoutes } from './routes';
export { storeImage } from './store-image';
