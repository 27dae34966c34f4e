/** The uploads' service API for other domains: import from here. */
export { readUpload, type TUploadParts } from './read-upload';
export { storeImage } from './store-image';
