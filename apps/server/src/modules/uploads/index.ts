/** The uploads' service API for other domains: import from here. */
export { assertOwnUploads, recordUpload, type TUploadOwner, uploadHashOf } from './owners';
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
