// What the rest of the server may use of photos/ (docs/decisions/040-server-walls.md, docs/decisions/050-photos.md,
// 106-meter-photos.md).
export { createPhotoDeps } from "./deps";
export { readOneFile } from "./multipart";
export type { PipelineOptions } from "./pipeline";
export { sendPhoto } from "./send";
export {
  attachJobPhoto,
  attachUploads,
  hasRoomForPhoto,
  keepUpload,
  keepUploadForRecord,
  leadPhotoBytes,
  photoForViewer,
  photoIdsByLead,
  recordPhotoBytes,
  removeLeadPhoto,
  removeRecordPhoto,
  uploadPreview,
  type PhotoDeps,
} from "./service";
export { createPhotoSweep } from "./sweep";
export { BUYER_AUDIENCE, leadPhotosFor, MARKET_AUDIENCE } from "./wire";
